import { NAVIGATION_MESSAGES, PRODUCT_NAME } from '../navigation/messages.ts';

/**
 * Spanish texts of accounts and session (spec 02 §5, §8): sign-up with PIN, login, logout, forgot password, the
 * profile by key and value, rate limits, and the e-mails the product sends. Spec texts are kept verbatim; the others
 * are ours and say what happened and what to do. The web UI shows these same texts where it needs them (one
 * definition per text: issue 8 part 5); its own labels are ACCOUNTS_UI_MESSAGES below.
 */
export const ACCOUNT_MESSAGES = {
  // spec 02 §8
  loginFailed: 'Error al iniciar sesión',
  sendMailFailed: 'Error al mandar correo',
  updatePasswordFailed: 'Error al actualizar la contraseña',
  updateDataFailed: 'Error al actualizar los datos',
  noClientSession: 'No se tiene una sesión de cliente',
  // spec 02 §8 success messages
  pinResent: 'Se ha enviado un nuevo PIN a tu correo',
  updated: 'Información actualizada con éxito',
  // spec 02 §5
  bioRequired: 'Debes de poner el texto',
  // ours
  pinSent: 'Te enviamos un PIN a tu correo; escríbelo para crear tu cuenta',
  pinWrong: 'El PIN no es correcto; revisa el correo que te enviamos',
  pinExpired: 'El PIN ya expiró o no es válido; pide uno nuevo',
  pinTooManyAttempts: 'Escribiste un PIN incorrecto demasiadas veces; pide uno nuevo',
  pinWait: (seconds: number) => (seconds === 1 ? 'Espera 1 segundo antes de pedir un nuevo PIN' : `Espera ${seconds} segundos antes de pedir un nuevo PIN`),
  accountCreated: 'Tu cuenta se creó con éxito',
  emailTaken: 'Ya existe una cuenta con este correo; inicia sesión',
  alreadyRegistered: 'Ya iniciaste sesión con una cuenta; cierra sesión para crear otra',
  clientMismatch: 'La sesión no corresponde a este cliente; recarga la página e inténtalo de nuevo',
  emailRequired: 'Debes escribir tu correo',
  emailInvalid: 'El correo no es válido',
  nicknameRequired: 'Debes escribir tu nombre',
  nicknameTooLong: 'El nombre no puede tener más de 60 caracteres',
  passwordRequired: 'Debes escribir tu contraseña',
  passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
  passwordTooLong: 'La contraseña no puede tener más de 200 caracteres',
  passwordTooCommon: 'Esta contraseña es muy común o fácil de adivinar; elige otra más larga o con palabras que no se relacionen',
  oldPasswordRequired: 'Para cambiar tu contraseña escribe tu contraseña actual',
  oldPasswordWrong: 'La contraseña actual no es correcta',
  bioTooLong: 'El texto no puede tener más de 2000 caracteres',
  keyNotAllowed: 'Ese dato no se puede actualizar',
  valueRequired: 'Debes escribir un valor',
  wrongCredentials: 'El correo o la contraseña no son correctos',
  socialOnlyAccount: 'Esta cuenta inicia sesión con Google o Facebook; usa ese botón o restablece tu contraseña',
  loggedIn: 'Sesión iniciada',
  loggedOut: 'Sesión cerrada',
  forgotPasswordSent: 'Si el correo tiene una cuenta, te enviamos un enlace para crear una nueva contraseña',
  resetLinkInvalid: 'El enlace para cambiar tu contraseña no es válido o ya expiró; pide uno nuevo',
  passwordUpdated: 'Tu contraseña se actualizó con éxito; ya puedes iniciar sesión',
  /** Every 429 of the rate limiter says when to retry: `retryAfterMs` as seconds, minutes or hours (rounded up). */
  rateLimited: (retryAfterMs: number) => `Hiciste demasiados intentos; espera ${waitText(retryAfterMs)} e inténtalo de nuevo`,
} as const;


/** 'un minuto', '15 minutos', '45 segundos', '2 horas': a wait of `ms` rounded up to its unit (at least 1 second). */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? 'un segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'un minuto' : `${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'una hora' : `${hours} horas`;
}

/** Title of the reset e-mail and of the page that sets the new password. */
const RESET_PASSWORD_TITLE = 'Crea una nueva contraseña';

/** 'Hola {nickname}:' (or 'Hola:' without one), the first line of every account e-mail. */
const greeting = (nickname: string) => (nickname ? `Hola ${nickname}:` : 'Hola:');

/** Subjects and bodies of the account e-mails (plain paragraphs; the HTML is built from them). */
export const ACCOUNT_EMAILS = {
  signupPin: {
    subject: (pin: string) => `${pin} es tu PIN para crear tu cuenta en ${PRODUCT_NAME}`,
    title: 'Confirma tu correo',
    paragraphs: (nickname: string) => [
      greeting(nickname),
      `Escribe este PIN en ${PRODUCT_NAME} para terminar de crear tu cuenta. Vence en 15 minutos.`,
    ],
    footer: 'Si tú no pediste crear una cuenta, ignora este correo.',
  },
  loginFailures: {
    subject: `Intentos fallidos de inicio de sesión en tu cuenta de ${PRODUCT_NAME}`,
    title: 'Alguien está intentando entrar a tu cuenta',
    paragraphs: (nickname: string, failures: number) => [
      greeting(nickname),
      `Registramos ${failures} intentos fallidos de inicio de sesión en tu cuenta en la última hora. Si no fuiste tú, tu cuenta sigue protegida: frenamos los intentos desde otros dispositivos, y tú puedes seguir entrando desde los tuyos.`,
      'Si tu contraseña es fácil de adivinar o la usas en otros sitios, cámbiala desde tu cuenta.',
    ],
    button: 'Ir a mi cuenta',
    footer: 'Si fuiste tú y olvidaste tu contraseña, usa "¿Olvidaste tu contraseña?" al iniciar sesión.',
  },
  resetPassword: {
    subject: `Crea una nueva contraseña para ${PRODUCT_NAME}`,
    title: RESET_PASSWORD_TITLE,
    paragraphs: (nickname: string) => [
      greeting(nickname),
      'Recibimos una solicitud para cambiar la contraseña de tu cuenta. Abre este enlace para crear una nueva; vence en una hora y sirve una sola vez.',
    ],
    button: 'Crear nueva contraseña',
    footer: 'Si tú no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
} as const;

/**
 * Spanish texts of the accounts web UI (spec 02 §2 modals 1–6, §8, §9 constants; spec 01 §2 navigation bars and §4
 * profile nudge). Texts quoted by the spec are verbatim; field labels and headings the spec does not give are ours.
 * Inputs use these labels as accessible names. Texts another feature owns are used from its own messages file:
 * ACCOUNT_MESSAGES above, COMMON_MESSAGES (catalogue), VERIFICATION_MESSAGES, PROFILE_PHOTO_MESSAGES (modal 7),
 * REFERENCES_MESSAGES (modals 8 and 10), REWARDS_MESSAGES (modal 9), REFERRALS_MESSAGES.
 */
export const ACCOUNTS_UI_MESSAGES = {
  // §8 error catalogue
  clientIdError: 'Error en iniciar sesión',
  updateClientError: 'Error al actualizar el cliente',
  // §5 validation
  passwordsDiffer: 'Las contraseñas no coinciden',
  // §8 success messages
  profileCompleted: 'Tu perfil se ha completado de manera exitosa',

  // Fields (accessible labels)
  email: 'Correo electrónico',
  password: 'Contraseña',
  newPassword: 'Nueva contraseña',
  confirmPassword: 'Confirma la contraseña',
  oldPassword: 'Contraseña actual',
  nickname: 'Nombre',
  pin: 'PIN',
  bio: 'Cuéntanos sobre ti',
  phone: 'Número de teléfono',
  countryCode: 'Código de país',
  code: 'Código de verificación',

  // 1. Login
  loginTitle: NAVIGATION_MESSAGES.signIn,
  loginSubmit: NAVIGATION_MESSAGES.signIn,
  forgotLink: '¿Olvidaste tu contraseña?',
  noAccount: '¿No tienes cuenta?',
  createAccountLink: NAVIGATION_MESSAGES.signUp,
  orContinueWith: 'o continúa con',
  continueWith: (provider: string) => `Continuar con ${provider}`,
  // 2. Create account
  signUpTitle: NAVIGATION_MESSAGES.signUp,
  signUpSubmit: NAVIGATION_MESSAGES.signUp,
  haveAccount: '¿Ya tienes cuenta?',
  termsBefore: 'Al crear tu cuenta aceptas los ',
  termsLink: 'Términos y condiciones',
  termsMiddle: ' y el ',
  privacyLink: 'Aviso de privacidad',
  termsAfter: '.',
  noAccountFound: (email: string) =>
    `No encontramos una cuenta con ${email}. Revisa tus datos y crea tu cuenta: te enviaremos un PIN a ese correo cuando confirmes.`,
  pinStepTitle: 'Revisa tu correo',
  pinStepText: (email: string) => `Te enviamos un PIN a ${email}. Escríbelo para confirmar tu cuenta.`,
  pinSubmit: 'Confirmar',
  resend: 'Reenviar',
  resendIn: (seconds: number) => `Reenviar en ${seconds} s`,
  back: 'Regresar',
  // 3. Forgot password
  forgotTitle: 'Recuperar contraseña',
  forgotText: 'Escribe tu correo y te enviaremos un enlace para crear una nueva contraseña.',
  forgotSubmit: 'Enviar enlace',
  emailSentTitle: 'Revisa tu correo',
  emailSentText: 'Si existe una cuenta con ese correo, te enviamos un enlace para crear una nueva contraseña. El enlace vence en una hora y solo se puede usar una vez.',
  ok: 'OK',
  cancel: 'Cancelar',
  close: 'Cerrar',
  resetTitle: RESET_PASSWORD_TITLE,
  resetSubmit: 'Guardar contraseña',
  // 4. Complete profile
  completeTitle: 'Completa tu perfil',
  stepTellMeMore: 'Cuéntanos más',
  stepPicture: 'Foto de perfil',
  stepEmail: 'Correo',
  stepPhone: 'Teléfono',
  skip: 'Omitir',
  next: 'Siguiente',
  save: 'Guardar',
  bioPlaceholder: 'Por ejemplo: a qué te dedicas y qué buscas',
  // Nudge (spec 01 §4)
  nudgeTitle: (percent: number) => `Tu perfil está ${percent}% completo`,
  nudgeText: 'Completa tu perfil para generar confianza con propietarios y asesores.',
  nudgeButton: 'Completar perfil',
  // E-mail verification
  emailStepText: (email: string) => `Te enviaremos un enlace de verificación a ${email}. Ábrelo y esta ventana se actualizará sola.`,
  emailSend: 'Enviar correo de verificación',
  emailWaiting: 'Esperando la verificación…',
  // 5. Phone verification
  phoneTitle: 'Verifica tu teléfono',
  phoneText: 'Te enviaremos un código de 6 dígitos por WhatsApp.',
  phoneSend: 'Enviar código',
  phoneCodeText: (phone: string) => `Escribe el código de 6 dígitos que enviamos a ${phone}.`,
  phoneResendSms: 'Reenviar código por SMS',
  phoneChange: 'Cambiar número',
  phoneVerify: 'Verificar',
  contactUs: 'Contáctanos',
  // 6. Verification modal
  verificationTitle: 'Verifica tu cuenta',
  areYouAgent: '¿Eres agente inmobiliario?',
  notAgent: 'No soy agente',
  becomeAgent: 'Darme de alta',
  // 7. Profile photo
  // 8. Confirm reference
  loading: 'Cargando...',
  // 9. Award
  awardNext: 'En un momento te ayudamos a completar tu perfil.',
  awardContinue: 'Continuar',
  // 10. References
  // Referral
  // Account page
  accountTitle: 'Mi cuenta',
  profileSection: 'Perfil',
  securitySection: 'Contraseña',
  verificationSection: 'Verificación',
  emoney: 'Saldo de la plataforma',
  emailStatusVerified: 'Correo verificado',
  emailStatusPending: 'Correo sin verificar',
  phoneStatusVerified: 'Teléfono verificado',
  phoneStatusPending: 'Teléfono sin verificar',
  verifyEmail: 'Verificar correo',
  verifyPhone: 'Verificar teléfono',
  changePassword: 'Cambiar contraseña',
  passwordHint: 'Mínimo 8 caracteres',
  // Navigation (spec 01 §2, logged in)
  navMessages: 'Mensajes',
  navPublish: 'Publicar propiedad',
  navAccount: 'Cuenta',
  navAgentHome: 'Ir a Inicio',
  navBecomeAgent: 'Soy agente inmobiliario, darme de alta',
  navSupportPanel: 'Panel de soporte',
  navDatabase: 'Base de datos',
  navAssociationAdmin: 'Administración de la asociación',
  navIja: 'Menú IJA',
  navFavorites: 'Favoritos',
  navMyProperties: 'Mis propiedades',
  navHelp: 'Centro de ayuda',
  navLogout: 'Cerrar sesión',
  navProfileMenu: 'Menú de perfil',
  // Dev outbox
  outboxTitle: 'Correos y mensajes enviados (desarrollo)',
  outboxEmpty: 'No hay mensajes en la bandeja.',
  outboxRefresh: 'Actualizar',
  outboxTo: 'Para',
  outboxSubject: 'Asunto o canal',
  outboxCodes: 'Códigos',
  outboxLinks: 'Enlaces',
  outboxDate: 'Fecha',
} as const;

/** Timings of spec 02 §9 (ms) and the width from which the award fires extra confetti (px). */
export const ACCOUNTS_UI_TIMINGS = {
  sessionRefreshMs: 12 * 60_000,
  resendAfterSeconds: 30,
  emailPollMs: 5_000,
  rewardFollowUpMs: 3_000,
  referralRedirectMs: 3_000,
  confettiWideMinPx: 991,
} as const;

/** Profile completeness (spec 02 §4, spec 01 §4): 25 points per item, 100 in total. Browser storage keys (§9). */
export const ACCOUNTS_UI = {
  completionStep: 25,
  storageKeys: { local: 'client', session: 'client-session' },
} as const;
