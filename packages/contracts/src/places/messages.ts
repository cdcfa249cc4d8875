/** Spanish texts of place search and the places importer (issue 2 §2–3, issue 9 §2). */
export const PLACES_MESSAGES = {
  notFound: 'No encontramos ese lugar',
  /** Accessible name of the search box's list of suggested places. */
  suggestionsLabel: 'Lugares sugeridos',
  /** Enter in the search box without picking a suggestion went to the best match (issue 9 §2). */
  showingBestMatch: (label: string) => `Te mostramos ${label}`,
  /** Enter in the search box with text that matches no place (issue 9 §2). */
  noPlaceNamed: (text: string) => `No encontramos «${text}» en México. Revisa cómo se escribe o elige un lugar de la lista.`,
  boundariesNotFound: 'No encontramos ese mapa',
  usage: 'Uso: npm run import:places -- ARCHIVO [--force]\n' +
    '  ARCHIVO: catálogo de SEPOMEX (sepomex_asentamientos.csv[.gz] o el TXT oficial delimitado por "|").\n' +
    '  --force: importa aunque el mismo archivo ya se haya importado.',
  reading: (file: string) => `Leyendo ${file}…`,
  alreadyLoaded: 'Este catálogo ya estaba importado; nada que hacer (usa --force para repetir).',
  progress: (done: number, total: number) => `Lugares guardados: ${done.toLocaleString('es-MX')} de ${total.toLocaleString('es-MX')}`,
  summary: (s: { rows: number; asentamientos: number; postalCodes: number; merged: number; duplicates: number; skipped: number; seconds: number }) =>
    `Listo en ${s.seconds.toFixed(1)} s: ${s.rows.toLocaleString('es-MX')} filas; ` +
    `${s.asentamientos.toLocaleString('es-MX')} asentamientos y ${s.postalCodes.toLocaleString('es-MX')} códigos postales importados; ` +
    `${s.merged.toLocaleString('es-MX')} unidos a colonias existentes; ${s.duplicates.toLocaleString('es-MX')} repetidos; ` +
    `${s.skipped.toLocaleString('es-MX')} omitidos.`,
  precision: (counts: Record<string, number>) =>
    `Ubicación de los asentamientos: ${Object.entries(counts).map(([k, v]) => `${k} ${v.toLocaleString('es-MX')}`).join(', ')}`,
  skippedLine: (line: number, reason: string) => `  línea ${line}: ${reason}`,
  licence: 'El catálogo de SEPOMEX no puede redistribuirse: queda solo en tu base de datos, nunca en el repositorio.',
} as const;
