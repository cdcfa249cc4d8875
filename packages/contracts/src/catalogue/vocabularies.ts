/**
 * Property vocabularies from spec 01 §3 ("Entities and their fields"): types, groups, labels, amenity flags,
 * currencies, price bases, commission types, construction-year options and Mexican states.
 */

/** Property type values (spec 01 §3 "Property types"). */
export const PROPERTY_TYPES = [
  'house', 'apartment', 'land', 'ranch', 'bodega_comercial', 'casa_con_uso_de_suelo', 'edificio', 'huerta',
  'local_comercial', 'local_en_centro_comercial', 'oficina', 'terreno_comercial', 'bodega_industrial',
  'nave_industrial', 'terreno_industrial', 'otro',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Singular Spanish labels, verbatim from the spec. */
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  house: 'Casa', apartment: 'Departamento', land: 'Terreno', ranch: 'Rancho', bodega_comercial: 'Bodega Comercial',
  casa_con_uso_de_suelo: 'Casa con Uso de Suelo', edificio: 'Edificio', huerta: 'Huerta', local_comercial: 'Local Comercial',
  local_en_centro_comercial: 'Local en Centro Comercial', oficina: 'Oficina', terreno_comercial: 'Terreno Comercial',
  bodega_industrial: 'Bodega Industrial', nave_industrial: 'Nave Industrial', terreno_industrial: 'Terreno Industrial',
  otro: 'Otro',
};

/**
 * Plural labels. The spec says they exist for every type except otro but does not show their wording; these are
 * the ordinary Spanish plurals a Mexican portal uses.
 */
export const PROPERTY_TYPE_PLURAL_LABELS: Partial<Record<PropertyType, string>> = {
  house: 'Casas', apartment: 'Departamentos', land: 'Terrenos', ranch: 'Ranchos', bodega_comercial: 'Bodegas Comerciales',
  casa_con_uso_de_suelo: 'Casas con Uso de Suelo', edificio: 'Edificios', huerta: 'Huertas',
  local_comercial: 'Locales Comerciales', local_en_centro_comercial: 'Locales en Centros Comerciales', oficina: 'Oficinas',
  terreno_comercial: 'Terrenos Comerciales', bodega_industrial: 'Bodegas Industriales', nave_industrial: 'Naves Industriales',
  terreno_industrial: 'Terrenos Industriales',
};

/** Type groups (spec 01 §3). */
export const PROPERTY_TYPE_GROUPS: { label: string; types: PropertyType[] }[] = [
  { label: 'Residencial', types: ['house', 'apartment', 'ranch', 'land'] },
  { label: 'Comercial', types: ['bodega_comercial', 'casa_con_uso_de_suelo', 'edificio', 'huerta', 'local_comercial', 'local_en_centro_comercial', 'oficina', 'terreno_comercial'] },
  { label: 'Industrial', types: ['bodega_industrial', 'nave_industrial', 'terreno_industrial'] },
  { label: 'Otro', types: ['otro'] },
];

/**
 * Category listing paths (spec 01 §2 "Routes") and the type each one lists. Both spellings of the shopping-centre
 * path exist in the spec; both are served.
 */
export const CATEGORY_PATHS: Record<string, PropertyType> = {
  casas: 'house', departamentos: 'apartment', terrenos: 'land', ranchos: 'ranch', 'bodegas-comerciales': 'bodega_comercial',
  'casas-con-uso-de-suelo': 'casa_con_uso_de_suelo', edificios: 'edificio', huertas: 'huerta',
  'locales-comerciales': 'local_comercial', 'locales-centros-comerciales': 'local_en_centro_comercial',
  'locales-de-centros-comerciales': 'local_en_centro_comercial', oficinas: 'oficina',
  'terrenos-comerciales': 'terreno_comercial', 'bodegas-industriales': 'bodega_industrial',
  'naves-industriales': 'nave_industrial', 'terrenos-industriales': 'terreno_industrial',
};

/** Boolean amenity flags (spec 01 §3 "Other property vocabularies"), in the spec's order. */
export const AMENITY_FLAGS = [
  'is_amueblada', 'pet_friendly', 'pool', 'parking', 'is_condo', 'jacuzzi', 'bathtub', 'integral_kitchen', 'aircon',
  'coworking', 'carbon_monoxide_alarm', 'smoke_alarm', 'fire_extinguisher', 'step_free_entryway',
  'accessibility_features', 'gym', 'rooftop_terrace', 'multiple_uses_terrace', 'lobby', 'outdoor_bbq_area', 'concierge',
  'security_247', 'delivery_zone', 'pet_park', 'covered_parking', 'bike_parking', 'storage_unit', 'ev_charging_stations',
  'clubhouse', 'laundry_facilities', 'business_center', 'sauna', 'soccer_court', 'tennis_court', 'padel_court',
  'ping_pong_table', 'kids_playground', 'guests_parking', 'wifi_common_areas', 'private_balcony', 'private_patio',
  'controlled_access_entry', 'granite_countertops', 'stainless_steel_appliances', 'hardwood_floors', 'walk_in_closets',
  'smart_home', 'washing_room', 'green_areas', 'service_room', 'garden',
] as const;
export type AmenityFlag = (typeof AMENITY_FLAGS)[number];

/** Currencies and how they are shown (spec 01 §3). */
export const CURRENCIES = ['mxn', 'usd', 'eur'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Record<Currency, string> = { mxn: 'MXN $', usd: 'USD $', eur: 'EUR €' };

/** Price basis (spec 01 §3). */
export const PRICE_BASES = ['valor_total', 'm2', 'ha'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];
export const PRICE_BASIS_LABELS: Record<PriceBasis, string> = { ha: 'Por ha', m2: 'Por m2', valor_total: 'Valor total' };

/** Commission types (spec 01 §3): sales allow percentaje and fixed_amount; rent also months. */
export const COMMISSION_TYPES = ['none', 'percentaje', 'months', 'fixed_amount'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];
export const COMMISSION_TYPE_LABELS: Record<Exclude<CommissionType, 'none'>, string> = {
  fixed_amount: 'Cantidad fija', months: 'Meses', percentaje: '% del valor del contrato',
};

export const AREA_UNITS = ['m2', 'ha'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];

/** Operation types as the search API names them (`op_type`) and as the filter state names them (`opType`). */
export const OP_TYPES = ['rent', 'sale'] as const;
export type OpType = (typeof OP_TYPES)[number];
export type OpTypeEs = 'renta' | 'venta';

/** The 32 state slugs (spec 01 §3), with INEGI code (cve_ent), long name and short code. */
export const MX_STATES: { slug: string; cve: string; name: string; short: string }[] = [
  { slug: 'aguascalientes', cve: '01', name: 'Aguascalientes', short: 'Ags.' },
  { slug: 'baja_california', cve: '02', name: 'Baja California', short: 'B.C.' },
  { slug: 'baja_california_sur', cve: '03', name: 'Baja California Sur', short: 'B.C.S.' },
  { slug: 'campeche', cve: '04', name: 'Campeche', short: 'Camp.' },
  { slug: 'coahuila', cve: '05', name: 'Coahuila de Zaragoza', short: 'Coah.' },
  { slug: 'colima', cve: '06', name: 'Colima', short: 'Col.' },
  { slug: 'chiapas', cve: '07', name: 'Chiapas', short: 'Chis.' },
  { slug: 'chihuahua', cve: '08', name: 'Chihuahua', short: 'Chih.' },
  { slug: 'ciudad_de_mexico', cve: '09', name: 'Ciudad de México', short: 'CDMX' },
  { slug: 'durango', cve: '10', name: 'Durango', short: 'Dgo.' },
  { slug: 'guanajuato', cve: '11', name: 'Guanajuato', short: 'Gto.' },
  { slug: 'guerrero', cve: '12', name: 'Guerrero', short: 'Gro.' },
  { slug: 'hidalgo', cve: '13', name: 'Hidalgo', short: 'Hgo.' },
  { slug: 'jalisco', cve: '14', name: 'Jalisco', short: 'Jal.' },
  { slug: 'estado_de_mexico', cve: '15', name: 'Estado de México', short: 'Méx.' },
  { slug: 'michoacan', cve: '16', name: 'Michoacán de Ocampo', short: 'Mich.' },
  { slug: 'morelos', cve: '17', name: 'Morelos', short: 'Mor.' },
  { slug: 'nayarit', cve: '18', name: 'Nayarit', short: 'Nay.' },
  { slug: 'nuevo_leon', cve: '19', name: 'Nuevo León', short: 'N.L.' },
  { slug: 'oaxaca', cve: '20', name: 'Oaxaca', short: 'Oax.' },
  { slug: 'puebla', cve: '21', name: 'Puebla', short: 'Pue.' },
  { slug: 'queretaro', cve: '22', name: 'Querétaro', short: 'Qro.' },
  { slug: 'quintana_roo', cve: '23', name: 'Quintana Roo', short: 'Q. Roo' },
  { slug: 'san_luis_potosi', cve: '24', name: 'San Luis Potosí', short: 'S.L.P.' },
  { slug: 'sinaloa', cve: '25', name: 'Sinaloa', short: 'Sin.' },
  { slug: 'sonora', cve: '26', name: 'Sonora', short: 'Son.' },
  { slug: 'tabasco', cve: '27', name: 'Tabasco', short: 'Tab.' },
  { slug: 'tamaulipas', cve: '28', name: 'Tamaulipas', short: 'Tamps.' },
  { slug: 'tlaxcala', cve: '29', name: 'Tlaxcala', short: 'Tlax.' },
  { slug: 'veracruz', cve: '30', name: 'Veracruz de Ignacio de la Llave', short: 'Ver.' },
  { slug: 'yucatan', cve: '31', name: 'Yucatán', short: 'Yuc.' },
  { slug: 'zacatecas', cve: '32', name: 'Zacatecas', short: 'Zac.' },
];

/** Attribute fields of a property (spec 01 §3 "Attribute fields"). */
export const ATTRIBUTE_FIELDS = [
  'rooms', 'bathrooms', 'half_bathrooms', 'parking_spots', 'construction_area', 'land', 'construction_year', 'floors',
  'apt_floors', 'monthly_maintenance_fee',
] as const;
export type AttributeField = (typeof ATTRIBUTE_FIELDS)[number];

/**
 * Attributes that apply by type (spec 01 §3 table): the attribute fields a form or detail page shows for `type`.
 * "terreno-like industrial" in the spec's row is read as terreno_industrial, which the land row already covers.
 */
export function applicableAttributes(type: PropertyType): AttributeField[] {
  const all = [...ATTRIBUTE_FIELDS];
  switch (type) {
    case 'apartment':
      return all.filter((f) => f !== 'land' && f !== 'apt_floors');
    case 'land':
    case 'terreno_comercial':
    case 'terreno_industrial':
      return ['land', 'construction_year'];
    case 'bodega_comercial':
    case 'bodega_industrial':
    case 'nave_industrial':
    case 'edificio':
      return all.filter((f) => f !== 'rooms' && f !== 'bathrooms' && f !== 'apt_floors');
    case 'local_comercial':
    case 'local_en_centro_comercial':
    case 'oficina':
      return all.filter((f) => f !== 'rooms');
    case 'house':
    case 'ranch':
      return all.filter((f) => f !== 'apt_floors');
    default:
      return all;
  }
}
