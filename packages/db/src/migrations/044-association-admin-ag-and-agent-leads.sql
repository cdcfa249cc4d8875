-- Issue 15 (decision 029): what the associations' administration, support's agent verification and leads of a
-- listing assigned to an agent need beyond migration 043.

-- An agent's request to join an agency opens a support ticket of category AG (agent verification). The request keeps
-- its ticket, and support's completion of that ticket is recorded here: `verified` null while support has not
-- decided, true 'Asesor verificado', false when support did not verify the agent. The agency's approval (status)
-- still decides the seat; this is shown next to the agent in the agency's panel.
ALTER TABLE agency_agents ADD COLUMN IF NOT EXISTS ag_tuid text REFERENCES tickets(tuid) ON DELETE SET NULL;
ALTER TABLE agency_agents ADD COLUMN IF NOT EXISTS verified boolean;
ALTER TABLE agency_agents ADD COLUMN IF NOT EXISTS verified_at timestamptz;
CREATE INDEX IF NOT EXISTS agency_agents_by_ticket ON agency_agents (ag_tuid) WHERE ag_tuid IS NOT NULL;

-- The agent a listing was assigned to (properties.agent_cuid) when the lead arrived: the lead goes to that agent
-- (e-mail and the agent's list); the listing's owner still reads it by owner_cuid.
ALTER TABLE leads ADD COLUMN IF NOT EXISTS agent_cuid text REFERENCES clients(cuid) ON DELETE SET NULL;
CREATE INDEX IF NOT EXISTS leads_agent_idx ON leads (agent_cuid, created_at DESC) WHERE agent_cuid IS NOT NULL;

-- There is one super association at most (spec 01 §2 'the super association').
CREATE UNIQUE INDEX IF NOT EXISTS agencies_one_super ON agencies ((true)) WHERE is_super;

-- Every change of the super association made by `npm run associations -- set-super|unset-super` (who, when), as
-- privilege_grants records the privileges command.
CREATE TABLE IF NOT EXISTS association_super_changes (
  id          bigserial PRIMARY KEY,
  asso_uid    text NOT NULL REFERENCES agencies(auid) ON DELETE CASCADE,
  action      text NOT NULL CHECK (action IN ('set', 'unset')),
  changed_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS association_super_changes_by_asso ON association_super_changes (asso_uid, created_at);
