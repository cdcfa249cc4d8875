-- Issue 16 'CRM' (spec 03 §3 CRM client, §7 CRM, Leads and integrations; decision 032): an agency's (or an
-- independent agent's) clients, the listings linked to each, notes of their timeline, the documents space's files,
-- and each agent's median first-response time over the last 30 days (computed by the job crm.response-times).

-- Whether the agency's approved agents see every CRM client of the agency (true) or only those assigned to them or
-- created by them (false, the default). The administrator always sees all.
ALTER TABLE agencies ADD COLUMN IF NOT EXISTS crm_agents_see_all boolean NOT NULL DEFAULT false;

CREATE TABLE IF NOT EXISTS crm_clients (
  uid            text PRIMARY KEY,
  -- The agency whose CRM this is; null: the CRM of the independent agent owner_cuid.
  auid           text REFERENCES agencies(auid) ON DELETE CASCADE,
  -- Who created the client (for an independent agent, the CRM's owner).
  owner_cuid     text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  name           text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  email          text CHECK (email IS NULL OR length(email) <= 254),
  phone          text CHECK (phone IS NULL OR length(phone) <= 20),
  status         text NOT NULL DEFAULT 'prospecto' CHECK (status IN ('prospecto', 'contactado', 'en_negociacion', 'activo', 'cerrado', 'perdido')),
  type           text NOT NULL DEFAULT 'comprador' CHECK (type IN ('comprador', 'arrendatario', 'propietario', 'inversionista')),
  -- The agent (a client) who follows the client; null: nobody yet.
  assigned_to    text REFERENCES clients(cuid) ON DELETE SET NULL,
  -- The client's file is complete for the anti-money-laundering law (identification and address proof collected).
  compliant      boolean NOT NULL DEFAULT false,
  -- The client's partner (spouse or co-buyer), another CRM client of the same CRM.
  partner_uid    text REFERENCES crm_clients(uid) ON DELETE SET NULL,
  -- The product account of this person when known (their conversations, visits and rents join the timeline).
  linked_cuid    text REFERENCES clients(cuid) ON DELETE SET NULL,
  -- The lead this client was converted from ('lead:<luid>' or 'rent:<ruid>'): converting twice gives the same client.
  source_ref     text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS crm_clients_by_agency ON crm_clients (auid, created_at DESC);
CREATE INDEX IF NOT EXISTS crm_clients_by_owner ON crm_clients (owner_cuid, created_at DESC) WHERE auid IS NULL;
CREATE UNIQUE INDEX IF NOT EXISTS crm_clients_source_agency ON crm_clients (auid, source_ref) WHERE source_ref IS NOT NULL AND auid IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS crm_clients_source_own ON crm_clients (owner_cuid, source_ref) WHERE source_ref IS NOT NULL AND auid IS NULL;

-- Listings linked to a CRM client (what they look at, own or rent).
CREATE TABLE IF NOT EXISTS crm_client_props (
  uid            text NOT NULL REFERENCES crm_clients(uid) ON DELETE CASCADE,
  puid           text NOT NULL REFERENCES properties(puid) ON DELETE CASCADE,
  added_by       text REFERENCES clients(cuid) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, puid)
);

-- Notes of a CRM client's timeline.
CREATE TABLE IF NOT EXISTS crm_notes (
  nuid           text PRIMARY KEY,
  uid            text NOT NULL REFERENCES crm_clients(uid) ON DELETE CASCADE,
  author_cuid    text REFERENCES clients(cuid) ON DELETE SET NULL,
  body           text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS crm_notes_by_client ON crm_notes (uid, created_at DESC);

-- Files of the CRM's documents space (counted against its quota by GET /v1/crm/docs/space).
CREATE TABLE IF NOT EXISTS crm_documents (
  duid           text PRIMARY KEY,
  uid            text NOT NULL REFERENCES crm_clients(uid) ON DELETE CASCADE,
  name           text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  size_bytes     bigint NOT NULL CHECK (size_bytes >= 0),
  storage_key    text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS crm_documents_by_client ON crm_documents (uid);

-- Each agent's (client's) median first response over the last 30 days, written by the job crm.response-times.
CREATE TABLE IF NOT EXISTS agent_response_times (
  cuid           text PRIMARY KEY REFERENCES clients(cuid) ON DELETE CASCADE,
  median_seconds integer NOT NULL CHECK (median_seconds >= 0),
  samples        integer NOT NULL CHECK (samples > 0),
  computed_at    timestamptz NOT NULL DEFAULT now()
);
