/** Spanish texts of the drawn search area and 'cerca de…' (issue 17 "Draw your area"). */
export const DRAWN_AREA_MESSAGES = {
  /** The `area` parameter is not one or more encoded polylines separated by commas, or a vertex is off the globe. */
  invalidArea: 'El área dibujada no es válida. Dibújala de nuevo en el mapa.',
  tooManyPolygons: (max: number) => `Puedes dibujar como máximo ${max} áreas.`,
  tooFewVertices: (min: number) => `Cada área dibujada necesita al menos ${min} puntos.`,
  tooManyVertices: (max: number) => `Cada área dibujada puede tener como máximo ${max} puntos.`,
  tooLong: 'El área dibujada es demasiado detallada. Dibújala con menos puntos.',
  /** The `near` parameter is not 'lat,lng,km' with a radius of 1, 2, 5 or 10 km. */
  invalidNear: 'La búsqueda «cerca de» no es válida: elige una dirección y un radio de 1, 2, 5 o 10 km.',
  bothAreas: 'Usa un área dibujada o una búsqueda «cerca de», no las dos a la vez.',
  // Controls on the map (issue 17).
  drawArea: 'Dibujar área',
  drawAnother: 'Dibujar otra área',
  editArea: 'Editar áreas',
  stopEditing: 'Listo',
  clearArea: 'Borrar áreas',
  drawingHint: 'Haz clic en el mapa para marcar cada punto del área; para cerrarla, haz clic en el primer punto o pulsa Intro.',
  drawnAreaActive: (n: number) => (n === 1 ? 'Buscando dentro del área dibujada' : `Buscando dentro de ${n} áreas dibujadas`),
  nearTitle: 'Cerca de…',
  nearAddress: 'Dirección o lugar',
  nearRadius: 'Radio',
  nearRadiusOption: (km: number) => `${km} km`,
  nearApply: 'Buscar cerca',
  nearActive: (label: string, km: number) => `A menos de ${km} km de ${label}`,
  nearActiveNoLabel: (km: number) => `A menos de ${km} km del punto elegido`,
  nearClear: 'Quitar «cerca de»',
  nearChoosePlace: 'Elige una dirección de la lista',
  drawingToolsLabel: 'Herramientas para dibujar el área de búsqueda',
} as const;
