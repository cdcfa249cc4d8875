-- The search index of every app process asks for max(change_seq) of properties and tombstones before each search
-- (docs/decisions/002-search-index-in-memory.md); this keeps the tombstone side an index lookup too.
CREATE INDEX IF NOT EXISTS property_tombstones_seq_idx ON property_tombstones (change_seq);
