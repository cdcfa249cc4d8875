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
  // mapping (issue 10): the --map grammar, the refusal that proposes a mapping, and the row reasons of a mapped file
  mapGrammar:
    'Formas de --map (entradas separadas por comas): columna=campo · "Columna con espacios"=campo · campo==valor ' +
    '(el mismo valor en todas las filas, p. ej. op_type==venta) · columna=type+op_type (tipo y operación en una columna, ' +
    '«Casa en Venta») · columna=address (dirección completa: calle, colonia, C.P., municipio, estado) · columna=- o ' +
    'columna=ignorar (descartar la columna).',
  mapBadEntry: (entry: string) => `La entrada «${entry}» de --map no se entiende.`,
  mapUnknownTarget: (target: string, valid: string[]) =>
    `El campo «${target}» de --map no existe. Campos válidos: ${valid.join(', ')}; o - para ignorar la columna.`,
  mapBadConstantField: (field: string, valid: string[]) =>
    `«${field}==…» no es válido: un valor fijo solo puede darse a uno de estos campos: ${valid.join(', ')}.`,
  mapBadConstant: (field: string, value: string, reason: string) => `El valor fijo ${field}==${value} no es válido: ${reason}`,
  mapUnknownColumn: (column: string, columns: string[]) =>
    `La columna «${column}» de --map no está en el archivo. Sus columnas son: ${columns.map((c) => `«${c}»`).join(', ')}.`,
  mapRequiredLabels: {
    op_type: 'op_type (operación: renta o venta; una columna, columna=type+op_type o op_type==venta)',
    property_type: 'property_type (tipo de propiedad; una columna, columna=type+op_type o property_type==casa)',
    price: 'price (precio)',
    location: 'una ubicación (lat y lng, lat_lng, o una parte de la dirección: address, colonia, postal_code, municipality o locality)',
  } as Record<string, string>,
  mapRefusal: (p: { missing: string[]; mapText: string | null; unguessed: string[]; grammar: string; fields: string[] }) =>
    `No se reconoce el formato del archivo y faltan campos obligatorios: ${p.missing.join('; ')}.\n` +
    (p.mapText
      ? `Estas columnas se reconocieron; copia este --map, añade lo que falta y vuelve a ejecutar:\n  --map '${p.mapText}'\n`
      : 'No se reconoció ninguna columna.\n') +
    (p.unguessed.length > 0
      ? `Columnas sin reconocer (asígnales un campo con columna=campo o descártalas con columna=-): ${p.unguessed.map((c) => `«${c}»`).join(', ')}.\n`
      : '') +
    `${p.grammar}\nCampos: ${p.fields.join(', ')}.`,
  rowShifted: (cells: number, columns: number) =>
    `La fila tiene ${cells} celdas y el encabezado ${columns} columnas: sus columnas están desplazadas (revisa comas o comillas)`,
  rowMissingOperation: 'Falta la operación (renta o venta)',
  rowMissingPropertyType: 'Falta el tipo de propiedad',
  rowMissingPrice: 'Falta el precio',
  rowUnreadableTypeAndOperation: (value: string) => `No se entiende el tipo ni la operación en «${value}»`,
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
  ownedByAnother: 'Ya existe un anuncio con este identificador que pertenece a otro anunciante: no se modificó',
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
  // reader (issue 10): files that are not a readable table, refused before anything is written
  notATable: (kind: string) =>
    `El archivo no es una tabla: parece ${kind}. Sube un CSV (separado por comas, punto y coma o tabuladores), ` +
    `un CSV comprimido con gzip (.csv.gz) o un libro de Excel (.xlsx).`,
  tableKinds: {
    png: 'una imagen PNG', jpeg: 'una imagen JPEG', gif: 'una imagen GIF', webp: 'una imagen WebP', pdf: 'un PDF',
    zip: 'un archivo ZIP que no es un libro de Excel (.xlsx)', archive: 'un archivo comprimido (7z, RAR o bzip2)',
    binary: 'un archivo binario (contiene bytes nulos)',
    markup: 'una página web (HTML) o un XML; si un portal lo exportó como Excel, ábrelo en Excel y guárdalo como .xlsx',
  },
  legacyExcel:
    'El archivo es un libro de Excel antiguo (.xls) o protegido con contraseña: ábrelo en Excel y guárdalo como ' +
    '«Libro de Excel (.xlsx)» o «CSV UTF-8», sin contraseña.',
  utf16Text: 'El archivo está en UTF-16 («Texto Unicode» de Excel): guárdalo como «CSV UTF-8 (delimitado por comas)».',
  fileTooLarge: (maxMb: number) => `El archivo es demasiado grande: el máximo es ${maxMb} MB.`,
  compressionBomb: (maxMb: number) =>
    `El archivo comprimido se expande a más de ${maxMb} MB o más de 100 veces su tamaño; no se lee por seguridad.`,
  tooManyColumns: (count: string, max: number) => `El archivo tiene ${count} columnas; el máximo es ${max}.`,
  cellTooLarge: (line: number, maxKb: number) =>
    `Una celda de la línea ${line} ocupa más de ${maxKb} kB, el máximo por celda; revisa que no falten comillas de cierre.`,
  tooManyRows: (max: number) => `El archivo tiene más de ${max} filas de datos; divídelo en varios archivos.`,
  unclosedQuote: (line: number) => `El CSV tiene unas comillas sin cerrar que empiezan en la línea ${line}.`,
  badCsv: (line: number) => `El CSV está mal formado cerca de la línea ${line}.`,
  badGzip: 'El archivo .gz está dañado o incompleto.',
  badXlsx: 'El libro de Excel está dañado o incompleto: ábrelo en Excel y vuelve a guardarlo como .xlsx.',
} as const;
