import { COMMON_MESSAGES } from '../common/messages.ts';

/**
 * Spanish texts of bank accounts and payouts (issue 13; spec 03 §3 'Bank account', §7 bank-accounts endpoints;
 * decision 025). CLABE errors reuse PERSON_MESSAGES (rents/person-messages.ts), written once there.
 */
export const BANK_ACCOUNT_MESSAGES = {
  invalidBody: 'Revisa los datos de la cuenta bancaria',
  holderRequired: 'Escribe el nombre del titular de la cuenta',
  holderTooLong: 'El nombre del titular es demasiado largo',
  clabeOrSwift: 'Escribe una CLABE, o el SWIFT/BIC y el número de cuenta si es una cuenta del extranjero',
  swiftInvalid: 'El SWIFT/BIC tiene 8 u 11 caracteres: 4 letras del banco, 2 del país, 2 de la ciudad y, opcionalmente, 3 de la sucursal',
  foreignAccountInvalid: 'El número de cuenta del extranjero lleva de 5 a 34 letras o números',
  tooManyAccounts: 'Ya tienes el máximo de cuentas bancarias; elimina una antes de agregar otra',
  duplicateAccount: 'Esa cuenta ya está registrada',
  accountNotFound: 'No encontramos esa cuenta bancaria',
  added: 'Cuenta bancaria agregada',
  deleted: 'Cuenta bancaria eliminada',
  linked: 'Los pagos de esta renta se depositarán en esa cuenta',
  onlyOwnerLinks: 'Solo el propietario de la renta elige la cuenta que recibe sus pagos',
  rentNotFound: COMMON_MESSAGES.rentNotFound,
  onlyOwnAccounts: 'Solo puedes consultar tus propias cuentas bancarias',
  validClabe: 'CLABE válida',
  unknownBankOk: 'CLABE válida, pero no reconocemos el banco: revisa que sea correcta',
  providerUnavailable: 'El servicio de transferencias no está disponible; lo intentaremos de nuevo',
} as const;

/** Texts of the web's bank-account screens (/cuenta 'Cuentas bancarias', the rent's Pagos tab). */
export const BANK_ACCOUNT_UI_MESSAGES = {
  section: 'Cuentas bancarias',
  intro: 'Aquí recibes los pagos de tus rentas y la devolución de tu depósito, por transferencia SPEI.',
  empty: 'Aún no tienes cuentas bancarias.',
  add: 'Agregar cuenta',
  save: 'Guardar cuenta',
  cancel: 'Cancelar',
  delete: 'Eliminar',
  deleteConfirm: '¿Eliminar esta cuenta bancaria?',
  holder: 'Nombre del titular',
  clabe: 'CLABE interbancaria (18 números)',
  foreignToggle: 'Es una cuenta del extranjero',
  swift: 'SWIFT/BIC',
  account: 'Número de cuenta o IBAN',
  bankLabel: 'Banco',
  checking: 'Revisando la CLABE…',
  loadError: 'No pudimos cargar tus cuentas bancarias.',
  linkTitle: 'Cuenta que recibe los pagos de esta renta',
  linkIntro: 'Elige la cuenta donde depositaremos la renta cuando se libere del resguardo.',
  linkChoose: 'Cuenta para esta renta',
  linkSave: 'Usar esta cuenta',
  linkNone: 'Aún no eliges una cuenta: los pagos esperarán hasta que la elijas.',
  linkCurrent: 'Los pagos se depositan en',
  linkAddFirst: 'Agrega una cuenta en tu página de cuenta para recibir los pagos.',
  linkGoAccount: 'Ir a Cuentas bancarias',
  tenantView: 'La renta se deposita al propietario en',
} as const;
