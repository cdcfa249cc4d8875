import { PROFILE_PHOTO_MESSAGES } from '../media/messages.ts';

/**
 * Spanish texts of publishing and editing a listing (issue 4; spec 01 §3 vocabularies, spec 03 §7 property calls).
 * `LISTING_FIELD_MESSAGES` holds one message per form field, keyed by the field's dot path in ZListingInput; the
 * server answers them in `data.fields` and the web form shows them under the same fields.
 */
export const LISTING_MESSAGES = {
  created: 'Propiedad publicada con éxito',
  updated: 'Propiedad actualizada con éxito',
  invalid: 'Revisa los campos marcados',
  notFound: 'No encontramos la propiedad',
  notOwner: 'Solo el propietario puede modificar esta propiedad',
  demoReadOnly: 'Esta propiedad de demostración no se puede modificar',
  activated: 'Propiedad activada',
  deactivated: 'Propiedad desactivada',
  photosAdded: 'Fotos agregadas con éxito',
  photoDeleted: 'Foto eliminada',
  photosOrdered: 'Orden de las fotos guardado',
  photoBadType: PROFILE_PHOTO_MESSAGES.badExtension,
  photoTooLarge: 'Cada foto puede pesar como máximo 15 MB; elige una imagen más ligera.',
  photoProcessFailed: PROFILE_PHOTO_MESSAGES.processFailed,
  photoMissing: 'Selecciona al menos una foto',
  photoTooMany: 'Una propiedad puede tener como máximo 30 fotos',
  photoNotFound: 'La foto no existe',
  photoOrderMismatch: 'El orden debe incluir cada foto de la propiedad una sola vez',
  photoStoreFailed: 'No se pudieron guardar las fotos, inténtalo de nuevo',
  draftSaved: 'Borrador guardado',
  draftNotFound: 'No encontramos el borrador',
  draftTooLarge: 'El borrador es demasiado grande',
  badData: 'Los datos de la propiedad no son válidos',
} as const;

const PIN_IN_MEXICO = 'Coloca el marcador en el mapa dentro de México';
const CHOOSE_CURRENCY = 'Elige la moneda: MXN, USD o EUR';
const CHOOSE_PRICE_BASIS = 'Elige la base del precio: valor total, por m2 o por ha';
const CHOOSE_COMMISSION_CURRENCY = 'Elige la moneda de la comisión';

/** One Spanish message per field of ZListingInput (dot paths). */
export const LISTING_FIELD_MESSAGES: Record<string, string> = {
  operation: 'Elige si la propiedad es para renta, venta o ambas',
  property_type: 'Elige el tipo de propiedad',
  'location.street': 'Ingresa la calle',
  'location.number_ext': 'Ingresa el número exterior',
  'location.number_int': 'El número interior es demasiado largo',
  'location.neighborhood': 'Ingresa la colonia',
  'location.municipality': 'Ingresa el municipio o alcaldía',
  'location.city': 'La ciudad es demasiado larga',
  'location.state': 'Elige el estado',
  'location.zip': 'El código postal debe tener 5 dígitos',
  'location.lat': PIN_IN_MEXICO,
  'location.lng': PIN_IN_MEXICO,
  rooms: 'Las recámaras deben ser un número entero entre 0 y 100',
  bathrooms: 'Los baños deben ser un número entero entre 0 y 100',
  half_bathrooms: 'Los medios baños deben ser un número entero entre 0 y 100',
  parking_spots: 'Los estacionamientos deben ser un número entero entre 0 y 1000',
  construction_area: 'La superficie construida debe ser mayor que 0 m²',
  'land.area': 'La superficie del terreno debe ser mayor que 0',
  'land.unit': 'La unidad del terreno debe ser m2 o ha',
  construction_year: 'Elige En construcción, A estrenar o escribe el año de construcción (desde 1800)',
  floors: 'Los pisos deben ser un número entero entre 1 y 300',
  apt_floor: 'El piso del departamento debe ser un número entero entre 0 y 300',
  apt_total_floors: 'El total de pisos del edificio debe ser un número entero entre 1 y 300, no menor que el piso',
  monthly_maintenance_fee: 'La cuota de mantenimiento debe ser un monto de 0 o más',
  amenities: 'Hay una amenidad desconocida',
  rents: 'Ingresa el precio de renta',
  'rents.price': 'El precio de renta debe ser mayor que 0',
  'rents.currency_type': CHOOSE_CURRENCY,
  'rents.based_on': CHOOSE_PRICE_BASIS,
  'rents.commission.commission_type': 'Elige el tipo de comisión: % del valor del contrato, meses o cantidad fija',
  'rents.commission.value': 'Indica el valor de la comisión (porcentaje hasta 100, meses hasta 24 o una cantidad mayor que 0)',
  'rents.commission.currency_type': CHOOSE_COMMISSION_CURRENCY,
  sales: 'Ingresa el precio de venta',
  'sales.price': 'El precio de venta debe ser mayor que 0',
  'sales.currency_type': CHOOSE_CURRENCY,
  'sales.based_on': CHOOSE_PRICE_BASIS,
  'sales.commission.commission_type': 'Elige el tipo de comisión: % del valor del contrato o cantidad fija',
  'sales.commission.value': 'Indica el valor de la comisión (porcentaje hasta 100 o una cantidad mayor que 0)',
  'sales.commission.currency_type': CHOOSE_COMMISSION_CURRENCY,
  description: 'La descripción puede tener como máximo 5000 caracteres',
};

const mxn = (n: number) => `$${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 }).format(Math.round(n))} MXN`;
const count = (n: number) => new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 }).format(n);
const equivalent = (converted: number | null) => (converted === null ? '' : `; tu precio equivale a ${mxn(converted)}`);

/**
 * Messages of the plausibility bounds (issue 9 §6; listings/bounds.ts): each names the field and the bound. Prices
 * in MXN; `converted` is the price in MXN when the person wrote it in USD/EUR or per m²/ha (null otherwise).
 */
export const LISTING_BOUND_MESSAGES = {
  rentPrice: (range: { min: number; max: number }, converted: number | null) =>
    `La renta mensual debe estar entre ${mxn(range.min)} y ${mxn(range.max)}${equivalent(converted)}`,
  salePrice: (range: { min: number; max: number }, converted: number | null) =>
    `El precio de venta debe estar entre ${mxn(range.min)} y ${mxn(range.max)}${equivalent(converted)}`,
  maintenanceBelowRent: (fee: number, rentMxn: number) =>
    `El mantenimiento mensual (${mxn(fee)}) debe ser menor que la renta mensual (${mxn(rentMxn)})`,
  rentAboveMaintenance: (fee: number) => `La renta mensual debe ser mayor que el mantenimiento mensual (${mxn(fee)})`,
  constructionArea: (maxM2: number) => `La superficie construida debe ser mayor que 0 y de hasta ${count(maxM2)} m²`,
  landArea: (maxHa: number) => `La superficie del terreno debe ser mayor que 0 y de hasta ${count(maxHa)} ha`,
  constructionYear: (min: number, max: number) => `El año de construcción debe estar entre ${min} y ${max}`,
} as const;

/** Labels of the operation choice in the form. (Construction-year labels: CONSTRUCTION_YEAR_LABELS in catalogue.) */
export const LISTING_OPERATION_LABELS = { renta: 'Renta', venta: 'Venta', both: 'Renta y venta' } as const;

/** Assigning a listing to an agent (issue 11: conversations go to 'the listing's owner (or the agent it is assigned to)'). */
export const LISTING_AGENT_MESSAGES = {
  button: 'Asesor',
  buttonLabel: (title: string) => `Asignar un asesor a ${title}`,
  title: 'Asesor de esta propiedad',
  explain: 'Las nuevas conversaciones sobre esta propiedad le llegarán al asesor que asignes (con una cuenta registrada); las que ya empezaron siguen contigo.',
  email: 'Correo del asesor',
  assign: 'Asignar',
  remove: 'Quitar asesor',
  current: (name: string) => `Asesor asignado: ${name}`,
  none: 'Sin asesor: tú respondes las conversaciones.',
  assigned: 'Asesor asignado',
  removed: 'La propiedad ya no tiene asesor',
  notAnAgent: 'No encontramos una cuenta con ese correo; pídele a tu asesor que se registre primero',
  notYourself: 'Ya eres el propietario de esta propiedad',
  emailInvalid: 'Escribe un correo válido',
  loadFailed: 'No pudimos cargar el asesor de esta propiedad',
} as const;
