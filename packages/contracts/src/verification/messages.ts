import { COMMON_MESSAGES } from '../common/messages.ts';
import { ACCOUNT_MESSAGES } from '../accounts/messages.ts';

/**
 * Spanish texts of e-mail and phone verification (spec 02 §5, §8 and its success messages). Texts the spec does
 * not give are ours and marked so.
 */
export const VERIFICATION_MESSAGES = {
  // spec 02 §8 success messages
  emailVerified: 'Tu correo ha sido verificado',
  resent: 'Mensaje reenviado',
  codeValidated: 'Código validado con éxito!',
  phoneAlreadyVerified: 'Tu teléfono ya ha sido verificado con éxito.',
  // spec 02 §8 errors
  emailNotVerified: 'Todavía no has verificado tu correo',
  sendEmailFailed: ACCOUNT_MESSAGES.sendMailFailed,
  tooManyAttempts: 'Ya has tenido muchos intentos de verificación de identidad. Contáctanos para darle seguimiento.',
  generic: COMMON_MESSAGES.generic,
  // spec 02 §5
  phoneRequired: 'Debes de escribir un número de teléfono',
  phoneInvalid: 'El número de teléfono no es válido',
  // ours (the spec shows none for these cases)
  emailSent: 'Te enviamos un correo con el enlace para verificar tu cuenta',
  codeSent: 'Te enviamos un código de 6 dígitos',
  emailAlreadyVerified: 'Tu correo ya ha sido verificado',
  noEmail: 'Tu cuenta no tiene un correo registrado',
  waitToResend: (seconds: number) => `Espera ${seconds} segundos para volver a enviar`,
  codeFormat: 'El código debe tener 6 dígitos',
  codeWrong: 'El código no es correcto',
  codeExpired: 'El código expiró, solicita uno nuevo',
  noPendingCode: 'Primero solicita un código',
  sendTextFailed: 'No pudimos enviar el mensaje, inténtalo de nuevo',
  notYourAccount: COMMON_MESSAGES.forbidden,
  // e-mail and text bodies
  emailSubject: 'Verifica tu correo',
  emailIntro: (nickname: string) => `Hola${nickname ? ` ${nickname}` : ''}, confirma que este es tu correo abriendo el siguiente enlace:`,
  emailButton: 'Verificar mi correo',
  emailExpiry: (hours: number) => `El enlace vence en ${hours} horas y solo se puede usar una vez.`,
  emailIgnore: 'Si no creaste una cuenta, ignora este correo.',
  phoneCodeText: (product: string, code: string, minutes: number) =>
    `${product}: tu código de verificación es ${code}. Vence en ${minutes} minutos. No lo compartas con nadie.`,
} as const;
