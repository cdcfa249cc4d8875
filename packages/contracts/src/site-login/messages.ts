import { ACCOUNTS_UI_MESSAGES } from '../accounts/messages.ts';
import { PRODUCT_NAME } from '../navigation/messages.ts';

/**
 * Spanish texts of the branded login through the central login (issue 15 'Branded login'; spec 03 §2 'Branded
 * sites', §4 'Branded-site login', §5 last line, §7 POST /v1/auth/*; decision 031), defined once for the server and
 * the browser.
 */
export const SITE_LOGIN_MESSAGES = {
  // Branded host: /iniciar-sesion.
  pageTitle: (site: string) => `Iniciar sesión · ${site}`,
  loading: ACCOUNTS_UI_MESSAGES.loading,
  signInWithProduct: `Iniciar sesión con ${PRODUCT_NAME}`,
  brandedIntro: (site: string) => `Para entrar a ${site} usa tu cuenta de ${PRODUCT_NAME}: te llevamos a iniciar sesión y regresas aquí.`,
  productHostTitle: 'Inicia sesión',
  productHostIntro: `Inicia sesión con tu cuenta de ${PRODUCT_NAME}.`,
  // Product host: /integrations-login.
  centralTitle: 'Inicio de sesión para un sitio asociado',
  siteAsks: (site: string) => `${site} quiere que inicies sesión`,
  centralExplain: (site: string) => `Al continuar, ${site} sabrá quién eres y entrarás a su sitio con tu cuenta de ${PRODUCT_NAME}.`,
  signInToContinue: 'Inicia sesión o crea tu cuenta para continuar',
  continueAs: (name: string) => `Continuar como ${name}`,
  continue: ACCOUNTS_UI_MESSAGES.awardContinue,
  redirecting: 'Te llevamos de regreso al sitio…',
  // Branded host: /integrations-auth.
  authTitle: 'Entrando al sitio',
  signedIn: 'Sesión iniciada',
  backToLogin: 'Volver a intentar',
  // Answers and refusals.
  started: 'Sitio encontrado',
  tokenIssued: 'Te llevamos de regreso al sitio',
  unknownSite: 'Ese sitio no está registrado con nosotros; no podemos llevarte ahí',
  returnToInvalid: 'El sitio de regreso no es válido',
  stateInvalid: 'El código de la solicitud no es válido; vuelve a iniciar sesión desde el sitio',
  stateMismatch: 'La solicitud de inicio de sesión no coincide con la de este navegador; vuelve a iniciar sesión desde el sitio',
  tokenInvalid: 'El enlace de inicio de sesión no es válido, ya se usó o venció; vuelve a iniciar sesión desde el sitio',
  membersOnly: 'Este sitio es privado: solo sus miembros pueden iniciar sesión en él',
  notABrandedSite: 'Esta dirección no es la de un sitio asociado',
} as const;
