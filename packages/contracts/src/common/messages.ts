/**
 * The general error catalogue (spec 01 §8, spec 03 catalogue) and the foundation's own messages. Every `msg` the
 * API answers with a status above 299 comes from here or from a feature's messages file.
 */
export const COMMON_MESSAGES = {
  generic: 'Ha ocurrido un error',
  somethingWrong: 'Algo ocurrió mal',
  reload: 'Hubo un error al realizar la operación, favor de recargar la página',
  connection: 'Error de conexión, ¿tienes buen internet?',
  csrf: 'Tu sesión de seguridad expiró o no es válida. Recarga la página e inténtalo de nuevo.',
  notFound: 'No encontramos lo que buscas',
  routeNotFound: 'La ruta solicitada no existe',
  invalidRequest: 'La solicitud no es válida',
  tooManyRequests: 'Demasiadas solicitudes, espera un momento e inténtalo de nuevo',
  loginRequired: 'Es necesario iniciar sesión para continuar',
  forbidden: 'No tienes permiso para realizar esta acción',
  payloadTooLarge: 'La solicitud es demasiado grande',
  methodNotAllowed: 'Esta dirección no admite ese tipo de solicitud',
  unsupportedMediaType: 'El formato del contenido enviado no es compatible con esta solicitud',
  invalidJson: 'El contenido enviado no es un JSON válido',
  emptyBody: 'Falta el contenido de la solicitud',
  invalidUrl: 'La dirección solicitada no es válida',
  invalidPage: 'La página debe ser un número entero de 1 en adelante',
  rentNotFound: 'No encontramos esa renta',
  jsonTooDeep: 'El contenido enviado tiene demasiados niveles anidados',
  invalidCharacters: 'El contenido enviado tiene caracteres no válidos',
  requestTimeout: 'La solicitud tardó demasiado en llegar; inténtalo de nuevo',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes',
  ok: 'OK',
  // spec 02 §8 catalogue, shared by several features
  fetchError: 'Error al obtener los datos',
  thereWasError: 'Hubo un error',
  requiredField: 'Este campo es obligatorio',
} as const;

/** Labels shared by every page's controls (not answers of the API). */
export const COMMON_UI_LABELS = {
  /** The name of every dialog's and toast's close button (axe button-name). */
  close: 'Cerrar',
  /** The names of a pager's arrow buttons (axe button-name). */
  previousPage: 'Página anterior',
  nextPage: 'Página siguiente',
} as const;
