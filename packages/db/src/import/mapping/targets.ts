/**
 * What a column of an imported file can hold (issue 10 design §3 "Targets"): one of our normalised fields, or a
 * combined target that one column splits into several fields.
 */
export const FIELDS = [
  'source_id', 'op_type', 'property_type', 'price', 'currency', 'maintenance_fee', 'land_area_m2',
  'construction_area_m2', 'rooms', 'bathrooms', 'half_bathrooms', 'parking_spots', 'age', 'construction_year',
  'amenities', 'street', 'exterior_number', 'colonia', 'municipality', 'locality', 'state', 'postal_code', 'lat', 'lng',
  'lat_lng', 'published_at', 'title', 'description', 'url', 'source',
] as const;
export type Field = (typeof FIELDS)[number];

/** Targets that split one column into several fields: 'Casa en Venta' → type and operation; an address → its parts. */
export const COMBINED_TARGETS = ['type+op_type', 'address'] as const;
export type CombinedTarget = (typeof COMBINED_TARGETS)[number];

/** Every target a column may be mapped to (null in a Mapping = the column is ignored). */
export type Target = Field | CombinedTarget;
export const TARGETS: readonly Target[] = [...FIELDS, ...COMBINED_TARGETS];

/** Words that mean "ignore this column" in --map ('col=-', 'col=ignorar'). */
export const IGNORE_WORDS: readonly string[] = ['-', 'ignorar', 'ignore', 'descartar'];

/** True when `text` names a target exactly (case-insensitive is the caller's job). */
export function isTarget(text: string): text is Target {
  return (TARGETS as readonly string[]).includes(text);
}

/** True when `text` names a single field (constants can only be given to fields). */
export function isField(text: string): text is Field {
  return (FIELDS as readonly string[]).includes(text);
}

/** Fields whose presence makes a row placeable without coordinates (the geocoder reads them). */
export const ADDRESS_TARGETS: readonly Target[] = ['address', 'colonia', 'postal_code', 'municipality', 'locality'];
