/** Spanish texts of the profile photo (spec 02 §2 modal 7, §5, §8). */
export const PROFILE_PHOTO_MESSAGES = {
  titleAdd: 'Agrega una foto de perfil',
  titleChange: 'Cambia tu foto de perfil',
  cancel: 'Cancelar',
  select: 'Seleccionar foto',
  change: 'Cambiar foto',
  save: 'Guardar',
  updated: 'Imagen de perfil actualizada con éxito',
  badExtension: 'La imagen no tiene una extension válida.',
  processFailed: 'Error al procesar la imagen',
  updateFailed: 'Error al actualizar la imagen de perfil',
  tooLarge: 'El tamaño del archivo sobrepasa el límite de 50 Megabytes, favor de elegir un archivo con menor peso.',
  // ours
  missingFile: 'Selecciona una imagen',
  tooSmall: 'La imagen es demasiado pequeña',
  // the accounts web UI
  preview: 'Vista previa',
  zoom: 'Acercar',
  file: 'Archivo de la foto',
  heicNote: 'Las fotos HEIC se recortan al centro al guardarlas.',
} as const;

/** Spanish texts of image uploads in general: listing, draft and profile photos (issue 7 §1, ours). */
export const MEDIA_UPLOAD_MESSAGES = {
  tooManyPixels: 'La imagen tiene demasiados píxeles (máximo 40 megapíxeles y 12,000 píxeles por lado); reduce su tamaño e inténtalo de nuevo.',
  busy: 'Estamos procesando muchas fotos en este momento; espera un minuto e inténtalo de nuevo.',
  requestTooLarge: 'Los archivos de esta solicitud pesan en total más de 256 MB; súbelos en varias partes.',
  lengthRequired: 'No pudimos saber el tamaño de los archivos; vuelve a intentarlo desde el formulario.',
} as const;
