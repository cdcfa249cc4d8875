-- The chat's socket.io rooms across server processes on PostgreSQL (decision 010): @socket.io/postgres-adapter sends
-- each broadcast with NOTIFY, and one whose payload is over 8,000 bytes (NOTIFY's limit; a long message with its
-- JSON) or binary goes through this table, the NOTIFY carrying only the row id. The adapter deletes rows older
-- than its cleanup interval (30 s). Unused with PGlite (one process) or with REDIS_URL.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  payload bytea
);
CREATE INDEX IF NOT EXISTS socket_io_attachments_created_at ON socket_io_attachments (created_at);
