-- Issue 7 §7 "files left by an interrupted upload are removed and never served".
-- Storage keys whose objects may exist but that no committed row references: keys of an upload in progress
-- (recorded and committed BEFORE the files are written, removed in the same transaction that commits the
-- listing/draft/profile row referencing them) and keys of files to delete (recorded in the transaction that drops
-- the reference, removed once the files are deleted). A row that outlives its process is swept: its files are
-- deleted, then the row (packages/core/src/media/pending-media.ts).
CREATE TABLE media_pending (
  key        text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_pending_created_idx ON media_pending (created_at);
