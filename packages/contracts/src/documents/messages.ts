import { OFFER_MESSAGES } from '../rents/offer-messages.ts';

/**
 * Spanish texts of personal documents (issue 12; spec 03 §8 'download a file': 'Error al descargar el archivo';
 * success 'Campo actualizado con éxito' / 'Campos actualizados con éxito'). The others are ours: the spec shows none.
 */
export const DOCUMENT_MESSAGES = {
  // spec 03 §8
  downloadFailed: 'Error al descargar el archivo',
  fieldUpdated: OFFER_MESSAGES.fieldUpdated,
  fieldsUpdated: 'Campos actualizados con éxito',
  // ours
  unknownField: 'La solicitud trae un dato que no reconocemos: revisa el formulario',
  fileRequired: 'Elige un archivo',
  fileType: 'El archivo debe ser una foto (JPG, PNG, WebP o HEIC) o un PDF',
  fileNameMismatch: 'El contenido del archivo no corresponde a su extensión: súbelo con su nombre original',
  fileUnreadable: 'No pudimos leer el archivo: puede estar dañado o protegido con contraseña',
  fileTooLarge: 'El archivo pesa más de 10 MB',
  documentTypeInvalid: 'El tipo de documento debe ser ine_front o ine_back',
  documentKindInvalid: 'El tipo de comprobante debe ser poi o poi_second',
  documentNotFound: 'No encontramos ese documento',
  documentSaved: 'Documento guardado',
  ownOnly: 'Solo la persona a quien pertenece el documento puede subirlo',
  uploadInProgress: 'Ya estamos guardando otro documento tuyo, inténtalo de nuevo en unos segundos',
  rentRequired: 'Falta el proceso de renta',
  totalIncomeInvalid: 'Escribe tus ingresos mensuales en pesos, solo números',
  companyNameInvalid: 'Escribe el nombre de la empresa (hasta 120 caracteres)',
  companyPhoneInvalid: 'Escribe un teléfono de México válido de la empresa',
  companyWebpageInvalid: 'Escribe la página web de la empresa, por ejemplo https://empresa.com.mx',
  incomeNothingToSave: 'No hay datos de ingresos que guardar',
  watermark: (address: string, date: string) => `Solo para la renta de ${address} — ${date}`,
  // UI
  sectionTitle: 'Documentos',
  ineTitle: 'Identificación (INE)',
  ineHelp: 'Sube una foto clara del frente y del reverso de tu INE. Solo tú y nuestro equipo de soporte ven el original; el propietario ve una copia marcada.',
  poaTitle: 'Comprobante de domicilio',
  poaHelp: 'Un recibo de luz, agua, teléfono o un estado de cuenta de no más de 3 meses, con la dirección que escribas.',
  incomeTitle: 'Ingresos',
  incomeHelp: 'Tus ingresos mensuales y dónde trabajas; sube tus últimos comprobantes (recibos de nómina o estados de cuenta).',
  totalIncomeLabel: 'Ingresos mensuales (MXN)',
  companyNameLabel: 'Empresa donde trabajas',
  companyPhoneLabel: 'Teléfono de la empresa',
  companyWebpageLabel: 'Página web de la empresa',
  chooseFile: 'Elegir archivo',
  replaceFile: 'Reemplazar archivo',
  uploaded: 'Archivo guardado',
  notUploaded: 'Sin archivo',
  view: 'Ver',
  save: 'Guardar',
  saveAddress: 'Guardar comprobante de domicilio',
  reviewTitle: 'Documentos del solicitante',
  reviewHelp: 'Las copias llevan una marca de agua con la dirección de tu propiedad y la fecha: úsalas solo para esta renta.',
  reviewEmpty: 'El solicitante aún no ha subido documentos',
  fileHint: 'JPG, PNG, WebP, HEIC o PDF de hasta 10 MB',
} as const;
