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
} as const;
