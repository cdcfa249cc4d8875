-- Typo search over distinct names (issue 9 §2, packages/geo place-name-index.ts and find-similar-places.ts;
-- docs/decisions/013-place-typos-over-distinct-names.md). With the SEPOMEX catalogue a misspelt common name
-- ('san jse') matched 600–3,000 places through the trigram index of 014 and took 40–120 ms. The search now looks
-- for similar names among the distinct names below (each process keeps their trigrams in memory), then reads the
-- best places of each similar name from places_name_rank_idx.
-- Rebuilt from places with place_words after every load (rebuild-place-search-index.ts), which also raises
-- place_search_version so every process reloads its copy; filled here once for the places already loaded.
CREATE TABLE place_names (
  name_norm text PRIMARY KEY,
  places    integer NOT NULL   -- how many places carry this name
);
INSERT INTO place_names (name_norm, places) SELECT name_norm, count(*)::int FROM places GROUP BY name_norm;

-- One row: raised by every rebuild of the place search tables.
CREATE TABLE place_search_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version  integer NOT NULL
);
INSERT INTO place_search_version (version) VALUES (1);

-- The places of one name, best first: a similar name's best places are an index range read, not a sort.
CREATE INDEX places_name_rank_idx ON places (name_norm, rank DESC);

-- Nothing searches places by trigram any more.
DROP INDEX places_name_trgm_idx;

ANALYZE place_names;
