import type { ColumnType, Generated } from 'kysely';

/** Kysely table types; they mirror migrations/*.sql. numeric columns are parsed to number (see connect.ts). */
export interface ClientsTable {
  cuid: string;
  is_anonymous: Generated<boolean>;
  created_at: Generated<Date>;
}
export interface SessionsTable {
  id_hash: string;
  cuid: string;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
}
export interface PropertiesTable {
  puid: string;
  nj_uid: string;
  slug: string;
  source: string;
  source_id: string;
  owner_cuid: string | null;
  title: string;
  description: string | null;
  property_type: string;
  is_renta: Generated<boolean>;
  is_venta: Generated<boolean>;
  is_active: Generated<boolean>;
  rent_price: number | null;
  rent_currency: Generated<string>;
  rent_based_on: Generated<string>;
  rent_commission_type: Generated<string>;
  rent_commission_value: number | null;
  rent_commission_currency: Generated<string>;
  sale_price: number | null;
  sale_currency: Generated<string>;
  sale_based_on: Generated<string>;
  sale_commission_type: Generated<string>;
  sale_commission_value: number | null;
  sale_commission_currency: Generated<string>;
  monthly_maintenance_fee: number | null;
  street: string | null;
  number_ext: string | null;
  number_int: string | null;
  neighborhood: string | null;
  municipality: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  lat: number;
  lng: number;
  /** Set by the properties_touch trigger from lat/lng. */
  geom: ColumnType<string, never, never>;
  land_area: number | null;
  land_unit: Generated<string>;
  construction_area: number | null;
  rooms: number | null;
  bathrooms: number | null;
  half_bathrooms: number | null;
  parking_spots: number | null;
  floors: number | null;
  apt_floor: number | null;
  apt_total_floors: number | null;
  construction_year: string | null;
  amenities: Generated<string[]>;
  images: ColumnType<{ name: string; order: number }[], string | undefined, string>;
  likes: Generated<number>;
  views: Generated<number>;
  shares: Generated<number>;
  inquiries: Generated<number>;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  change_seq: Generated<number>;
}
export interface PropertyTombstonesTable {
  puid: string;
  change_seq: Generated<number>;
}
export interface ImportRunsTable {
  id: Generated<number>;
  file_key: string;
  source: string;
  rows_done: Generated<number>;
  imported: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  finished_at: Date | null;
  started_at: Generated<Date>;
}
export interface PlacesTable {
  id: string;
  kind: string;
  name: string;
  label: string;
  slug: string;
  name_norm: string;
  label_norm: string;
  state_code: string | null;
  state_name: string | null;
  municipality_code: string | null;
  municipality_name: string | null;
  locality: string | null;
  postal_code: string | null;
  lat: number;
  lng: number;
  min_lat: number | null;
  min_lng: number | null;
  max_lat: number | null;
  max_lng: number | null;
  population: Generated<number>;
  rank: Generated<number>;
  source: string;
  /** 003: how the point was obtained ('polygon', 'listings', 'locality', 'city', 'municipality_seat', …). */
  precision: string | null;
  /** 003: other normalised names separated by '|'. */
  aliases: string | null;
  /** 003: a state or municipality (usable as query context). */
  is_area: Generated<boolean>;
  /** 003: generated from lat/lng. */
  geom: ColumnType<string, never, never>;
}
/** 003: word-starts of place names for prefix search (packages/geo). */
export interface PlaceWordsTable {
  word: string;
  place_id: string;
  rank: number;
  is_start: boolean;
  state_code: string | null;
  municipality_code: string | null;
}
/** 003: best place ids of every crowded prefix. */
export interface PlacePrefixTopTable {
  prefix: string;
  place_ids: string[];
}
/** 003: fingerprints of loaded place sources. */
export interface PlaceLoadsTable {
  source: string;
  fingerprint: string;
  loaded_at: Generated<Date>;
}
export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}
export interface DB {
  clients: ClientsTable;
  sessions: SessionsTable;
  properties: PropertiesTable;
  property_tombstones: PropertyTombstonesTable;
  import_runs: ImportRunsTable;
  places: PlacesTable;
  place_words: PlaceWordsTable;
  place_prefix_top: PlacePrefixTopTable;
  place_loads: PlaceLoadsTable;
  schema_migrations: SchemaMigrationsTable;
}
