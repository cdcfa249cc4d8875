import { fileURLToPath } from 'node:url';

/** The repository root (this file is packages/geo/src/data-paths.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Shipped INEGI-derived places: states.csv, municipalities.csv, localities.csv, colonias-gdl-zap.csv. */
export const SHIPPED_PLACES_DIR = fileURLToPath(new URL('../../../data/places/', import.meta.url));
/** Shipped boundaries: states, municipalities and colonias-gdl-zap GeoJSON (plain or .gz). */
export const SHIPPED_BOUNDARIES_DIR = fileURLToPath(new URL('../../../data/boundaries/', import.meta.url));
/** Shipped streets (OpenStreetMap, ODbL): `streets-*.geojson[.gz]`, lines with `name` and `class` (data/streets). */
export const SHIPPED_STREETS_DIR = fileURLToPath(new URL('../../../data/streets/', import.meta.url));
/**
 * The SEPOMEX catalogue used by tests and CI when present (`../shared/data` is the repository root's sibling); it is
 * never copied into the repository (its licence forbids redistribution).
 */
export const SHARED_SEPOMEX_FILE = fileURLToPath(
  new URL('../../../../shared/data/mx-geocoder/sepomex_asentamientos.csv.gz', import.meta.url),
);
