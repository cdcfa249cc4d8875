-- Foundation schema: clients and sessions, properties, places. PostgreSQL 15+ with PostGIS, pg_trgm, unaccent;
-- the same file runs on embedded PGlite and on a PostgreSQL server.
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only STABLE; an IMMUTABLE wrapper lets indexes use it.
CREATE OR REPLACE FUNCTION nj_normalize(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, coalesce(t, ''))), '[^a-z0-9]+', ' ', 'g')) $$;

CREATE TABLE clients (
  cuid          text PRIMARY KEY,
  is_anonymous  boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Server-side sessions. `id_hash` is the SHA-256 of the cookie token, so a leaked table does not leak sessions.
CREATE TABLE sessions (
  id_hash       text PRIMARY KEY,
  cuid          text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX sessions_cuid_idx ON sessions(cuid);
CREATE INDEX sessions_expires_idx ON sessions(expires_at);

-- Every write to properties takes a new change_seq, so search indexes held by each app process can catch up with
-- `WHERE change_seq > $last` (see docs/decisions/002-search-index-in-memory.md).
CREATE SEQUENCE property_change_seq;

CREATE TABLE properties (
  puid                      text PRIMARY KEY,
  nj_uid                    text NOT NULL UNIQUE,            -- lower-case hex; shown as 'NJ-' || upper(nj_uid)
  slug                      text NOT NULL UNIQUE,
  source                    text NOT NULL,                   -- 'inmuebles24', 'properati', 'owner', …
  source_id                 text NOT NULL,
  owner_cuid                text REFERENCES clients(cuid) ON DELETE SET NULL,
  title                     text NOT NULL,
  description               text,
  property_type             text NOT NULL,
  is_renta                  boolean NOT NULL DEFAULT false,
  is_venta                  boolean NOT NULL DEFAULT false,
  is_active                 boolean NOT NULL DEFAULT true,
  -- pricing (spec 01 §3): a rents part and a sales part
  rent_price                numeric(16,2),
  rent_currency             text NOT NULL DEFAULT 'mxn',
  rent_based_on             text NOT NULL DEFAULT 'valor_total',
  rent_commission_type      text NOT NULL DEFAULT 'none',
  rent_commission_value     numeric(16,2),
  rent_commission_currency  text NOT NULL DEFAULT 'mxn',
  sale_price                numeric(16,2),
  sale_currency             text NOT NULL DEFAULT 'mxn',
  sale_based_on             text NOT NULL DEFAULT 'valor_total',
  sale_commission_type      text NOT NULL DEFAULT 'none',
  sale_commission_value     numeric(16,2),
  sale_commission_currency  text NOT NULL DEFAULT 'mxn',
  monthly_maintenance_fee   numeric(12,2),                   -- MXN a month
  -- location
  street                    text,
  number_ext                text,
  number_int                text,
  neighborhood              text,                            -- colonia
  municipality              text,
  city                      text,
  state                     text,
  zip                       text,
  lat                       double precision NOT NULL,
  lng                       double precision NOT NULL,
  geom                      geometry(Point, 4326) NOT NULL,
  -- attributes (areas in m², land may be in ha)
  land_area                 numeric(14,2),
  land_unit                 text NOT NULL DEFAULT 'm2',
  construction_area         numeric(12,2),
  rooms                     smallint,
  bathrooms                 smallint,
  half_bathrooms            smallint,
  parking_spots             smallint,
  floors                    smallint,
  apt_floor                 smallint,
  apt_total_floors          smallint,
  construction_year         text,                            -- 'building' | 'first_use' | 'YYYY'
  amenities                 text[] NOT NULL DEFAULT '{}',    -- spec 01 §3 amenity flags that are true
  images                    jsonb NOT NULL DEFAULT '[]',     -- [{ name, order }]
  likes                     integer NOT NULL DEFAULT 0,
  views                     integer NOT NULL DEFAULT 0,
  shares                    integer NOT NULL DEFAULT 0,
  inquiries                 integer NOT NULL DEFAULT 0,
  published_at              timestamptz NOT NULL DEFAULT now(),
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now(),
  change_seq                bigint NOT NULL DEFAULT nextval('property_change_seq'),
  UNIQUE (source, source_id)
);
CREATE INDEX properties_geom_idx ON properties USING gist (geom);
CREATE INDEX properties_change_seq_idx ON properties (change_seq);
CREATE INDEX properties_owner_idx ON properties (owner_cuid);
CREATE INDEX properties_nbh_idx ON properties (nj_normalize(neighborhood), nj_normalize(municipality));

CREATE FUNCTION properties_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := nextval('property_change_seq');
  NEW.updated_at := now();
  NEW.geom := ST_SetSRID(ST_MakePoint(NEW.lng, NEW.lat), 4326);
  RETURN NEW;
END $$;
CREATE TRIGGER properties_touch_trg BEFORE INSERT OR UPDATE ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_touch();

-- Deleted listings leave a tombstone so in-memory indexes drop them too.
CREATE TABLE property_tombstones (
  puid        text PRIMARY KEY,
  change_seq  bigint NOT NULL DEFAULT nextval('property_change_seq')
);
CREATE FUNCTION properties_tombstone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO property_tombstones (puid) VALUES (OLD.puid)
    ON CONFLICT (puid) DO UPDATE SET change_seq = nextval('property_change_seq');
  RETURN OLD;
END $$;
CREATE TRIGGER properties_tombstone_trg AFTER DELETE ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_tombstone();

-- Listing imports that can resume: one row per file run, committed batch by batch.
CREATE TABLE import_runs (
  id            bigserial PRIMARY KEY,
  file_key      text NOT NULL,            -- source + file hash
  source        text NOT NULL,
  rows_done     integer NOT NULL DEFAULT 0,
  imported      integer NOT NULL DEFAULT 0,
  updated       integer NOT NULL DEFAULT 0,
  skipped       integer NOT NULL DEFAULT 0,
  finished_at   timestamptz,
  started_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX import_runs_key_idx ON import_runs (file_key);

-- Places for our own place search (packages/geo). kind: region | locality | neighbourhood | postal_code | street.
CREATE TABLE places (
  id                text PRIMARY KEY,        -- 'E14', 'M14039', 'L140390001', 'A…', 'C44100', 'N…' (from listings)
  kind              text NOT NULL,
  name              text NOT NULL,
  label             text NOT NULL,           -- 'Providencia, Guadalajara, Jalisco'
  slug              text NOT NULL,
  name_norm         text NOT NULL,           -- nj_normalize(name)
  label_norm        text NOT NULL,           -- nj_normalize(label)
  state_code        text,
  state_name        text,
  municipality_code text,
  municipality_name text,
  locality          text,
  postal_code       text,
  lat               double precision NOT NULL,
  lng               double precision NOT NULL,
  min_lat           double precision,
  min_lng           double precision,
  max_lat           double precision,
  max_lng           double precision,
  population        integer NOT NULL DEFAULT 0,
  rank              integer NOT NULL DEFAULT 0,  -- precomputed static rank (kind weight and population)
  source            text NOT NULL
);
CREATE INDEX places_name_prefix_idx ON places (name_norm text_pattern_ops);
CREATE INDEX places_label_trgm_idx ON places USING gin (label_norm gin_trgm_ops);
CREATE INDEX places_slug_idx ON places (slug);
CREATE INDEX places_kind_idx ON places (kind);
