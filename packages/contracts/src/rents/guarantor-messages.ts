import type { AvalType, ApprovalChip, InvitationStatus } from './guarantor-constants.ts';

/**
 * Spanish texts of the guarantor and the second renter (issue 12 'The guarantor', 'The proposal'; spec 03 §3, §4
 * 'Guarantor', §6 'Guarantor (aval)'). The spec gives the approval states (null in review, true approved, false not
 * approved) and the types, not the texts: every text here is ours.
 */
export const GUARANTOR_MESSAGES = {
  avalTypeLabels: { aval: 'Aval con inmueble', obligado: 'Obligado solidario', nowo: 'Póliza de fianza' } satisfies Record<AvalType, string>,
  avalTypeHelp: {
    aval: 'Una persona que garantiza la renta con un inmueble a su nombre (escritura o predial como prueba).',
    obligado: 'Una persona que se obliga a pagar si tú no pagas, con sus ingresos como respaldo.',
    nowo: 'Una aseguradora emite una póliza que garantiza la renta; no necesitas aval.',
  } satisfies Record<AvalType, string>,
  approvalLabels: { review: 'En revisión', approved: 'Aprobado', not_approved: 'No aprobado' } satisfies Record<ApprovalChip, string>,
  statusLabels: { pending: 'Esperando respuesta', accepted: 'Confirmado', rejected: 'Rechazó la invitación', replaced: 'Reemplazado' } satisfies Record<InvitationStatus, string>,
  approvedBefore: 'Ya fue aprobado como aval en otra renta',

  // Naming (tenant)
  avalInvited: 'Enviamos la invitación a tu aval por correo',
  nowoRequested: 'La aseguradora respondió a la solicitud de póliza',
  secondRenterInvited: 'Enviamos la invitación al segundo inquilino por correo',
  atypeInvalid: 'Elige el tipo de garantía: aval con inmueble, obligado solidario o póliza de fianza',
  emailRequired: 'Escribe el correo de la persona que invitas',
  emailInvalid: 'Escribe un correo válido, como nombre@ejemplo.com',
  emailNotForNowo: 'La póliza de fianza no lleva correo: la pide la plataforma a la aseguradora',
  notYourself: 'No puedes invitarte a ti mismo',
  notTheOwner: 'El propietario de la vivienda no puede ser tu aval ni tu segundo inquilino',
  sameAsSecondRenter: 'Esa persona ya es el segundo inquilino de esta renta',
  sameAsAval: 'Esa persona ya es el aval de esta renta',
  notJoint: 'Para invitar a un segundo inquilino, primero elige rentar con otra persona',
  renterOnly: 'Solo el inquilino invita a su aval y al segundo inquilino',
  ruidInvalid: 'Indica el proceso de renta',
  tooManyInvitations: 'Hiciste demasiadas invitaciones hoy. Intenta de nuevo mañana',

  // Answering (invitee)
  invitationNotFound: 'No encontramos esta invitación',
  optionInvalid: 'Elige aceptar (accept) o rechazar (reject)',
  avalAccepted: 'Aceptaste ser aval de esta renta: ahora llena tus datos',
  avalRejected: 'Rechazaste ser aval de esta renta',
  secondAccepted: 'Aceptaste rentar junto con el inquilino: ahora llena tus datos',
  secondRejected: 'Rechazaste rentar junto con el inquilino',
  alreadyAnswered: 'Ya respondiste a esta invitación',
  replaced: 'Esta invitación ya no está vigente: el inquilino invitó a otra persona',
  closed: 'Esta renta ya no acepta cambios de aval ni de inquilinos',

  // Guarantee property (atype aval)
  guaranteeSaved: 'Guardamos el inmueble en garantía',
  guaranteeDocumentSaved: 'Guardamos la escritura o el predial',
  guaranteeDocumentLabel: 'Escritura o boleta predial (foto o PDF, hasta 10 MB)',
  guaranteeDocumentUploaded: 'Documento cargado',
  upload: 'Subir documento',
  guaranteeOnlyAval: 'Solo un aval con inmueble registra el inmueble en garantía, después de aceptar',

  // Approval (support, owner)
  approvalSaved: 'Guardamos la decisión sobre el aval',
  approvalInvalid: 'Indica si el aval queda aprobado (true), no aprobado (false) o en revisión (null)',
  approvalNotYet: 'El aval todavía no acepta la invitación',
  approvalNowo: 'La póliza de fianza la aprueba la aseguradora',
  approvalOnlySupport: 'Solo soporte o el propietario, una vez enviada la propuesta, deciden sobre el aval',
  osOnlyObligado: 'La verificación de obligado solidario aplica solo a un obligado solidario',

  // Bond insurance (nowo)
  insurerUnavailable: 'La aseguradora no respondió. Intenta de nuevo en unos minutos',
  insurerRefused: 'La aseguradora no aprobó la póliza para esta renta',
  insurerNotConfigured: 'La póliza de fianza no está disponible por ahora',
  insurerNeedsRenter: 'Para pedir la póliza, primero llena tu nombre, apellido y fecha de nacimiento',
  insurerNeedsPrice: 'Para pedir la póliza, primero indica la renta mensual',

  // Reading
  loaded: 'Proceso de renta',
  noInvitations: 'Nadie te ha invitado a una renta por ahora',

  // E-mails
  avalEmailSubject: (renter: string) => `${renter} te pidió ser su aval para rentar una vivienda`,
  avalEmailIntro: (renter: string, atype: string) => `${renter} te nombró como ${atype.toLowerCase()} en su solicitud de renta.`,
  secondEmailSubject: (renter: string) => `${renter} te invitó a rentar una vivienda juntos`,
  secondEmailIntro: (renter: string) => `${renter} te invitó como segundo inquilino en su solicitud de renta.`,
  emailRent: (price: string, address: string) => `Vivienda: ${address}. Renta mensual: ${price}.`,
  emailHowTo: 'Inicia sesión o crea tu cuenta con este mismo correo para ver la solicitud, aceptarla o rechazarla y llenar tus datos.',
  emailButton: 'Ver la invitación',
  emailFooter: 'Si no conoces a esta persona, ignora este correo: nadie verá tus datos sin que aceptes.',
  emailTitle: 'Tienes una invitación de renta',
  answeredSubject: (name: string, accepted: boolean, asAval: boolean) => `${name} ${accepted ? 'aceptó' : 'rechazó'} ${asAval ? 'ser tu aval' : 'rentar contigo'}`,
  answeredAccepted: 'Ahora llena sus propios datos; en tu propuesta ves cómo avanza.',
  answeredRejected: 'Puedes invitar a otra persona desde tu propuesta.',
  answeredButton: 'Ver mi propuesta',

  // Page
  pageTitle: 'Invitaciones de renta',
  navLabel: 'Invitaciones de renta',
  signInTitle: 'Inicia sesión para ver tu invitación',
  signInBody: 'Entra o crea tu cuenta con el mismo correo en el que recibiste la invitación.',
  signIn: 'Iniciar sesión',
  loadFailed: 'No pudimos cargar la información. Intenta de nuevo.',
  retry: 'Reintentar',
  guaranteeIntro: 'La dirección del inmueble que ofreces como garantía y, como prueba, su escritura o su boleta predial.',
  guaranteeLabels: { addr: 'Calle y número', neighborhood: 'Colonia', city: 'Ciudad', municipality: 'Municipio o alcaldía', state: 'Estado', cp: 'Código postal' },
  secondRenterTitle: 'Segundo inquilino',
  secondRenterHelp: 'Rentas con otra persona: invítala por correo y ella llenará sus propios datos.',
  avalTitle: 'Aval',
  hasData: 'Ya llenó sus datos',
  noData: 'Aún no llena sus datos',
  renterAsks: (renter: string) => `${renter} te invitó`,
  viewInvitation: 'Ver invitación',
  ownerNoAval: 'El inquilino no nombró aval',
  approveAval: 'Aprobar aval',
  disapproveAval: 'No aprobar',
  guaranteeAt: (addr: string) => `Inmueble en garantía: ${addr}`,
  pageIntro: 'Aquí ves las rentas en las que te nombraron aval o segundo inquilino.',
  asAval: 'Te nombraron como',
  asSecondRenter: 'Te invitaron como segundo inquilino',
  accept: 'Aceptar',
  reject: 'Rechazar',
  confirmed: 'Confirmado',
  notConfirmed: 'Sin confirmar',
  fillYourData: 'Llena tus datos',
  guaranteeTitle: 'Inmueble en garantía',
  save: 'Guardar',
  rentDetails: (price: string, fee: string, months: number) => `Renta ${price} · Mantenimiento ${fee} · Depósito ${months} ${months === 1 ? 'mes' : 'meses'}`,
  jointRent: 'Renta entre dos inquilinos',
  soloRent: 'Renta de un inquilino',

  // Tenant's section in the proposal
  sectionTitle: 'Aval y segundo inquilino',
  chooseType: 'Tipo de garantía',
  avalEmail: 'Correo de tu aval',
  invite: 'Invitar',
  requestPolicy: 'Pedir póliza',
  secondRenterEmail: 'Correo del segundo inquilino',
  noAval: 'Aún no nombras aval',
  noSecondRenter: 'Aún no invitas al segundo inquilino',
  premium: (amount: string) => `Prima anual: ${amount}`,
} as const;
