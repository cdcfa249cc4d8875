-- Typo-tolerant place search (issue 9 §2, packages/geo autocomplete-places.ts): when no name or word starts with
-- what was typed ('guadalajra', 'zapopn'), places are matched by trigram similarity of their normalised name
-- (pg_trgm, migration 001). GIN answers `name_norm % 'text'` from the index on PGlite and PostgreSQL alike.
CREATE INDEX places_name_trgm_idx ON places USING gin (name_norm gin_trgm_ops);
