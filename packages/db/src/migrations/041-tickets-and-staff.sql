-- Issue 14: support tickets (spec 02 §3 'Ticket', 'Ticket chat message', categories and status; spec 03 §3 'Ticket
-- (support)'), the staff's internal notes on any record, and the staff's append-only audit log (every edit of the
-- database view with its reason, and every other staff action: grab, close, complete, note).

CREATE TABLE IF NOT EXISTS tickets (
  tuid              text PRIMARY KEY,
  author_cuid       text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  title             text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  category          text NOT NULL DEFAULT 'AY' CHECK (category IN ('AY', 'ID', 'CR', 'LP', 'RF', 'PG', 'FE', 'OS', 'AG')),
  description       text NOT NULL CHECK (length(description) BETWEEN 1 AND 5000),
  -- The listing and the rent the ticket is about, when given (spec 02 §3: puid and ruid optional).
  puid              text REFERENCES properties(puid) ON DELETE SET NULL,
  ruid              text REFERENCES rents(ruid) ON DELETE SET NULL,
  -- The day the person picked where the category needs one (a payment's or a signing's date), Mexico City's day.
  event_date        date,
  -- sent (Enviado), in_process (En proceso), closed (Cerrado).
  status            text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'in_process', 'closed')),
  -- The support user who grabbed it.
  assigned_cuid     text REFERENCES clients(cuid) ON DELETE SET NULL,
  -- How it ended: 'completed' (acted on the record, `completion` holds the spec's completion fields) or 'closed'.
  outcome           text CHECK (outcome IS NULL OR outcome IN ('completed', 'closed')),
  completion        jsonb,
  -- A listing report (issue 9 'Reportar anuncio') that became this LP ticket.
  report_ruid       text REFERENCES listing_reports(ruid) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  closed_at         timestamptz,
  last_activity_at  timestamptz NOT NULL DEFAULT now()
);
-- A client's tickets, newest activity first; the staff queues by status and assignee.
CREATE INDEX IF NOT EXISTS tickets_author_idx ON tickets (author_cuid, last_activity_at DESC);
CREATE INDEX IF NOT EXISTS tickets_status_idx ON tickets (status, created_at DESC);
CREATE INDEX IF NOT EXISTS tickets_assigned_idx ON tickets (assigned_cuid, last_activity_at DESC) WHERE assigned_cuid IS NOT NULL;

-- A ticket's conversation (spec 02 §3 'Ticket chat message': msg_cat, msg_cfr, msg_seen, msg_seenat, msg_text).
-- The files sent with the ticket are its first messages of cat 'attachment'.
CREATE TABLE IF NOT EXISTS ticket_messages (
  muid              text PRIMARY KEY,
  tuid              text NOT NULL REFERENCES tickets(tuid) ON DELETE CASCADE,
  -- Sender; null for system messages (status changes).
  from_cuid         text REFERENCES clients(cuid) ON DELETE SET NULL,
  -- True when the sender wrote as support staff (the author's side reads 'Soporte').
  from_staff        boolean NOT NULL DEFAULT false,
  cat               text NOT NULL DEFAULT 'msg' CHECK (cat IN ('msg', 'system', 'attachment')),
  text              text NOT NULL DEFAULT '' CHECK (length(text) <= 5000),
  -- { key, name, type, bytes, width?, height? } of a stored file (the storage adapter's key).
  attachment        jsonb,
  -- Seen by the other side: the author for staff messages, the staff for the author's.
  seen              boolean NOT NULL DEFAULT false,
  seen_at           timestamptz,
  client_message_id text CHECK (client_message_id IS NULL OR length(client_message_id) BETWEEN 1 AND 100),
  created_at        timestamptz NOT NULL DEFAULT now(),
  seq               bigserial NOT NULL
);
-- A sender's resend of the same message to the same ticket is recognised (the id is the sender's, per ticket).
CREATE UNIQUE INDEX IF NOT EXISTS ticket_messages_idempotency_idx ON ticket_messages (tuid, from_cuid, client_message_id) WHERE client_message_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS ticket_messages_tuid_seq_idx ON ticket_messages (tuid, seq);

-- Internal notes on any record (spec 03 §7 POST /v1/notes), read by staff only.
CREATE TABLE IF NOT EXISTS staff_notes (
  nuid              text PRIMARY KEY,
  rtable            text NOT NULL CHECK (rtable IN ('clients', 'properties', 'transactions', 'tickets', 'rents')),
  rkey              text NOT NULL CHECK (length(rkey) BETWEEN 1 AND 100),
  author_cuid       text,
  body              text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS staff_notes_record_idx ON staff_notes (rtable, rkey, created_at DESC);

-- The staff's audit log: append-only (the triggers below refuse UPDATE, DELETE and TRUNCATE; nothing in the product
-- can change a row). No foreign keys: a row outlives the records and people it names.
-- action 'write' is an edit of the database view (spec 03 §3 'Staff edit request') with column, old and new value
-- and the reason; the others record a staff action on a ticket or a note.
CREATE TABLE IF NOT EXISTS staff_audit_log (
  id                bigserial PRIMARY KEY,
  actor_cuid        text NOT NULL,
  action            text NOT NULL CHECK (action IN ('write', 'grab', 'close', 'complete', 'note', 'message')),
  rtable            text NOT NULL,
  rkey              text NOT NULL,
  rcolumn           text,
  old_value         jsonb,
  new_value         jsonb,
  reason            text,
  tuid              text,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS staff_audit_log_record_idx ON staff_audit_log (rtable, rkey, id DESC);
CREATE INDEX IF NOT EXISTS staff_audit_log_recent_idx ON staff_audit_log (id DESC);

CREATE OR REPLACE FUNCTION staff_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
DROP TRIGGER IF EXISTS staff_audit_log_append_only ON staff_audit_log;
CREATE TRIGGER staff_audit_log_append_only BEFORE UPDATE OR DELETE ON staff_audit_log
  FOR EACH ROW EXECUTE FUNCTION staff_audit_log_refuse_change();
DROP TRIGGER IF EXISTS staff_audit_log_no_truncate ON staff_audit_log;
CREATE TRIGGER staff_audit_log_no_truncate BEFORE TRUNCATE ON staff_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_log_refuse_change();

-- LP completion (issue 14): the listing's official property folio and when its owner was verified ('Propietario
-- verificado' on the listing).
ALTER TABLE properties ADD COLUMN IF NOT EXISTS folio_gob_mx text CHECK (folio_gob_mx IS NULL OR length(folio_gob_mx) BETWEEN 1 AND 60);
ALTER TABLE properties ADD COLUMN IF NOT EXISTS last_verified timestamptz;
