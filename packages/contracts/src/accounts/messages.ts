/**
 * Spanish texts of accounts and session (spec 02 §5, §8): sign-up with PIN, login, logout, forgot password, the
 * profile by key and value, rate limits, and the e-mails the product sends. Spec texts are kept verbatim; the others
 * are ours and say what happened and what to do.
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
  pinWait: 'Espera 30 segundos antes de pedir un nuevo PIN',
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
  rateLimited: (minutes: number) =>
    minutes <= 1
      ? 'Hiciste demasiados intentos; espera un minuto e inténtalo de nuevo'
      : `Hiciste demasiados intentos; espera ${minutes} minutos e inténtalo de nuevo`,
} as const;

/** The product name used in e-mails and messages. */
export const PRODUCT_NAME = 'NJ Inmuebles';

/** Subjects and bodies of the account e-mails (plain paragraphs; the HTML is built from them). */
export const ACCOUNT_EMAILS = {
  signupPin: {
    subject: (pin: string) => `${pin} es tu PIN para crear tu cuenta en ${PRODUCT_NAME}`,
    title: 'Confirma tu correo',
    paragraphs: (nickname: string) => [
      nickname ? `Hola ${nickname}:` : 'Hola:',
      `Escribe este PIN en ${PRODUCT_NAME} para terminar de crear tu cuenta. Vence en 15 minutos.`,
    ],
    footer: 'Si tú no pediste crear una cuenta, ignora este correo.',
  },
  loginFailures: {
    subject: `Intentos fallidos de inicio de sesión en tu cuenta de ${PRODUCT_NAME}`,
    title: 'Alguien está intentando entrar a tu cuenta',
    paragraphs: (nickname: string, failures: number) => [
      nickname ? `Hola ${nickname}:` : 'Hola:',
      `Registramos ${failures} intentos fallidos de inicio de sesión en tu cuenta en la última hora. Si no fuiste tú, tu cuenta sigue protegida: frenamos los intentos desde otros dispositivos, y tú puedes seguir entrando desde los tuyos.`,
      'Si tu contraseña es fácil de adivinar o la usas en otros sitios, cámbiala desde tu cuenta.',
    ],
    button: 'Ir a mi cuenta',
    footer: 'Si fuiste tú y olvidaste tu contraseña, usa "¿Olvidaste tu contraseña?" al iniciar sesión.',
  },
  resetPassword: {
    subject: `Crea una nueva contraseña para ${PRODUCT_NAME}`,
    title: 'Crea una nueva contraseña',
    paragraphs: (nickname: string) => [
      nickname ? `Hola ${nickname}:` : 'Hola:',
      'Recibimos una solicitud para cambiar la contraseña de tu cuenta. Abre este enlace para crear una nueva; vence en una hora y sirve una sola vez.',
    ],
    button: 'Crear nueva contraseña',
    footer: 'Si tú no lo pediste, ignora este correo: tu contraseña no cambia.',
  },
} as const;
