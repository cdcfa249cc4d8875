import { IMPORT_MESSAGES as M } from '@nj/contracts';

/** The Spanish name of a normalised field for a skip reason ('rooms' → 'recámaras'); unknown fields as given. */
export function labelField(field: string): string {
  return M.valueFieldLabels[field] ?? field;
}
