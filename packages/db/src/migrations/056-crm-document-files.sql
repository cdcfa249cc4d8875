-- Issue 16 'CRM' (spec 03 §3 CRM client, §7 CRM; decision 032 'Documents of a CRM client'): the files an agent
-- uploads to a CRM client. Migration 047 created crm_documents for the quota; an upload also keeps the type the
-- content was judged to be (served back as is) and who uploaded it (shown in the list).
ALTER TABLE crm_documents ADD COLUMN IF NOT EXISTS content_type text NOT NULL DEFAULT 'application/pdf'
  CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'image/heic'));
ALTER TABLE crm_documents ADD COLUMN IF NOT EXISTS uploaded_by text REFERENCES clients(cuid) ON DELETE SET NULL;
CREATE INDEX IF NOT EXISTS crm_documents_by_uploader ON crm_documents (uploaded_by) WHERE uploaded_by IS NOT NULL;
-- The orphan sweep asks whether a stored file is still referenced by its key.
CREATE UNIQUE INDEX IF NOT EXISTS crm_documents_by_key ON crm_documents (storage_key);
