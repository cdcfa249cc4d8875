-- Place search (packages/geo): extra place columns, a word table for prefix matching and a table of the best
-- places for every crowded prefix, so an autocomplete answer is a few index lookups (p95 ≤ 10 ms, issue 2 §4).

-- precision: how the point was obtained ('polygon', 'listings', 'locality', 'city', 'municipality_seat', …).
-- aliases: other names, normalised, separated by '|' ('cdmx|df|distrito federal'); they match like the name.
-- is_area: a state or municipality, usable as the context of a query ('providencia guadalajara').
ALTER TABLE places ADD COLUMN precision text;
ALTER TABLE places ADD COLUMN aliases text;
ALTER TABLE places ADD COLUMN is_area boolean NOT NULL DEFAULT false;
ALTER TABLE places ADD COLUMN geom geometry(Point, 4326)
  GENERATED ALWAYS AS (ST_SetSRID(ST_MakePoint(lng, lat), 4326)) STORED;

CREATE INDEX places_area_idx ON places (id) WHERE is_area;
CREATE INDEX places_muni_name_idx ON places (municipality_code, name_norm);
CREATE INDEX places_postal_code_idx ON places (postal_code);
CREATE INDEX places_source_idx ON places (source);
CREATE INDEX places_locality_geom_idx ON places USING gist (geom) WHERE kind = 'locality';
CREATE UNIQUE INDEX places_slug_unique_idx ON places (slug);

-- One row per place and word-start of its name (and per alias): 'roma norte' gives 'roma norte' and 'norte'.
-- is_start: the word is the whole name or an alias (a match on it is a name-prefix match).
CREATE TABLE place_words (
  word              text NOT NULL,
  place_id          text NOT NULL,
  rank              integer NOT NULL,
  is_start          boolean NOT NULL,
  state_code        text,
  municipality_code text
);
CREATE INDEX place_words_word_idx ON place_words (word text_pattern_ops, rank DESC);
CREATE INDEX place_words_muni_idx ON place_words (municipality_code, word text_pattern_ops);
CREATE INDEX place_words_state_idx ON place_words (state_code, word text_pattern_ops);

-- For every prefix matched by more than a few dozen place_words rows: the ids of its best places by rank.
CREATE TABLE place_prefix_top (
  prefix     text PRIMARY KEY,
  place_ids  text[] NOT NULL
);

-- What was loaded, so loads are skipped when their input did not change.
CREATE TABLE place_loads (
  source       text PRIMARY KEY,
  fingerprint  text NOT NULL,
  loaded_at    timestamptz NOT NULL DEFAULT now()
);
