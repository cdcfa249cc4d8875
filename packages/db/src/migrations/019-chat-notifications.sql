-- Issue 11 'Offline notification': per conversation (rent) and recipient, when the last new-message notification
-- went out (at most one per 15 minutes, checked and set in one statement by the notification job) and whether the
-- recipient turned this conversation's notifications off (the signed unsubscribe link of every notification).
CREATE TABLE chat_notifications (
  ruid              text NOT NULL REFERENCES rents(ruid) ON DELETE CASCADE,
  cuid              text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  last_notified_at  timestamptz,
  muted_at          timestamptz,
  PRIMARY KEY (ruid, cuid)
);

-- Files attached to an e-mail kept in the dev outbox (e.g. the .ics invitation of a confirmed visit):
-- [{ filename, content_type, content }] with the content as text.
ALTER TABLE outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
