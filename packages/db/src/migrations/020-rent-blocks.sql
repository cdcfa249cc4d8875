-- Issue 11 'Rules and limits': either party may block a conversation; a blocked conversation refuses new messages,
-- visits and contacting again until the one who blocked it unblocks it.
ALTER TABLE rents
  ADD COLUMN blocked_by text REFERENCES clients(cuid) ON DELETE SET NULL,
  ADD COLUMN blocked_at timestamptz;
