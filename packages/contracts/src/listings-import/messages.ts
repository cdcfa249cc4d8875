/** Spanish texts of the listings importer (`npm run import:listings`): refusals, skipped-row reasons, summary. */
export const IMPORT_MESSAGES = {
  unknownLayout: (columns: string[], fields: string[]) =>
    `No se reconoce el formato del archivo: las columnas ${columns.map((c) => `«${c}»`).join(', ')} no corresponden ` +
    `a ningún formato conocido (normalizado, Inmuebles24 o Properati). Indica cómo leerlas con ` +
    `--map columna=campo,… (campos: ${fields.join(', ')}; usa columna=ignorar para descartar una columna).`,
  badMapEntry: (entry: string) => `La opción --map no es válida en «${entry}»: usa columna=campo`,
  badMapField: (field: string, fields: string[]) =>
    `El campo «${field}» de --map no existe; campos válidos: ${fields.join(', ')}, ignorar`,
  missingMappedFields: (fields: string[]) =>
    `Faltan columnas para los campos obligatorios: ${fields.join(', ')}. Indícalas con --map columna=campo`,
  emptyFile: 'El archivo está vacío o no tiene encabezado',
  fileNotFound: (path: string) => `No se encontró el archivo ${path}`,
  usage:
    'Uso: npm run import:listings -- ARCHIVO.csv[.gz]|ARCHIVO.xlsx [--map columna=campo,…] [--source NOMBRE] ' +
    '[--as-of AAAA-MM-DD] [--dry-run] [--keep-text] [--keep-implausible]',
  // reasons a row is skipped
  missingCoordinates: 'Faltan las coordenadas',
  defaultCoordinates: 'Coordenadas genéricas de Properati (centro del país), no es una ubicación real',
  outsideMexico: 'Las coordenadas están fuera de México',
  badOperation: (value: string) => `Operación desconocida: «${value}» (se espera renta o venta)`,
  badPropertyType: (value: string) => `Tipo de propiedad desconocido: «${value}»`,
  badPrice: (value: string) => `Precio no válido: «${value}»`,
  badCurrency: (value: string) => `Moneda no admitida: «${value}» (se acepta MXN o USD)`,
  badNumber: (field: string, value: string) => `Valor no válido en ${field}: «${value}»`,
  badDate: (value: string) => `Fecha no válida: «${value}»`,
  suspiciousPrice: 'El origen marca este precio como sospechoso (p. ej. precio por m² o error de captura)',
  missingSourceId: 'Falta el identificador del anuncio (source_id)',
  duplicateInFile: (line: number) => `Anuncio repetido en el archivo (ya aparece en la línea ${line})`,
  malformedLine: (detail: string) => `Línea mal formada: ${detail}`,
  // progress and summary
  progressFormat: 'Importando {bar} {percentage}% | {value}/{total} filas | {eta_formatted}',
  resuming: (rows: number) => `Se reanuda la importación anterior desde la fila ${rows}`,
  alreadyDone: 'Este archivo ya se importó por completo; se vuelve a aplicar para actualizar los anuncios',
  summary: (s: { imported: number; updated: number; skipped: number; seconds: number }) =>
    `Importación terminada en ${s.seconds.toFixed(1)} s: ${s.imported} nuevos, ${s.updated} actualizados, ` +
    `${s.skipped} omitidos`,
  skippedLine: (line: number, reason: string) => `  línea ${line}: ${reason}`,
  demoStart: (file: string) => `La base de datos no tiene propiedades: importando los anuncios de demostración (${file})…`,
  demoProgress: (done: number, total: number) => `  … ${done} de ${total} filas`,
  demoMissing: (file: string) => `No se encontró el archivo de demostración ${file}; la base de datos queda vacía`,
  // engine (issue 10): plausibility, geocoding, dry run and the grouped report
  implausibleCount: (label: string, value: number, max: number) => `${label}: ${value} no es creíble (máximo ${max})`,
  implausibleSmallArea: (label: string, value: number, min: number) => `${label}: ${value} m² no es creíble (mínimo ${min} m²)`,
  countLabels: { rooms: 'Recámaras', bathrooms: 'Baños', halfBathrooms: 'Medios baños', parkingSpots: 'Estacionamientos' },
  areaLabels: { construction: 'Superficie construida', land: 'Superficie del terreno' },
  implausible: (issues: string[]) => `Datos no creíbles: ${issues.join('; ')}`,
  notPlaceable: 'No se pudo ubicar: la fila no tiene coordenadas y su dirección no coincide con ninguna colonia, código postal, localidad o municipio conocidos',
  unknownPropertyType: (value: string) => `Tipo de propiedad desconocido: «${value}»`,
  dryRunTitle: 'Simulación (--dry-run): no se escribió nada en la base de datos',
  dryRunOutcome: (s: { wouldImport: number; wouldUpdate: number; skipped: number; implausibleKept: number }) =>
    `Se importarían ${s.wouldImport} nuevos y se actualizarían ${s.wouldUpdate}; ${s.skipped} filas se omitirían` +
    (s.implausibleKept > 0 ? `; ${s.implausibleKept} con datos no creíbles quedarían inactivos` : ''),
  reportGroup: (count: number, reason: string, lines: number[]) =>
    `  ${count} × ${reason} (líneas ${lines.join(', ')}${count > lines.length ? ', …' : ''})`,
  reportGroupsTitle: 'Filas omitidas por motivo:',
  sampleTitle: 'Primeras filas leídas (origen → lo que se importaría):',
  sampleRow: (line: number) => `— línea ${line}`,
  precisionLabels: { exact: 'coordenadas del archivo', colonia: 'centro de la colonia', postal_code: 'centro del código postal', locality: 'centro de la localidad', municipality: 'centro del municipio' },
  layoutDetected: (layout: string, format: string, rows: number) => `Formato ${layout} (${format}), ${rows} filas`,
  badAsOf: (value: string) => `La fecha de --as-of no es válida: «${value}» (usa AAAA-MM-DD)`,
  // values (issue 10): reasons the value parsers give for text that is present but unreadable
  valueFieldLabels: {
    rooms: 'recámaras', bathrooms: 'baños', half_bathrooms: 'medios baños', parking_spots: 'estacionamientos',
    land_area_m2: 'superficie del terreno', construction_area_m2: 'superficie construida', price: 'precio',
    maintenance_fee: 'mantenimiento', age: 'antigüedad', construction_year: 'año de construcción', published_at: 'fecha de publicación',
  } as Record<string, string>,
  badQuantity: (field: string, value: string) => `No se entiende la cantidad de ${field}: «${value}»`,
  negativeQuantity: (field: string, value: string) => `La cantidad de ${field} no puede ser negativa: «${value}»`,
  badAmount: (field: string, value: string) => `No se entiende el importe de ${field}: «${value}»`,
  unsupportedCurrency: (value: string) => `Moneda no admitida en «${value}» (se acepta MXN o USD)`,
  badDateText: (value: string) => `No se entiende la fecha: «${value}»`,
  badAgeText: (value: string) => `No se entiende la antigüedad: «${value}» (se espera años, un año de construcción, «A estrenar» o «En construcción»)`,
  badYearText: (value: string) => `Año de construcción no válido: «${value}»`,
  badCoordinate: (value: string) => `Coordenadas no válidas: «${value}» (se esperan grados decimales, p. ej. 19.4326, -99.1332)`,
} as const;
