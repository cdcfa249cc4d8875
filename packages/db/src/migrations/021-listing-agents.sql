-- Issue 11 'The rent as a conversation': a listing may be assigned to an agent (a registered client with is_agent);
-- new conversations about it go to that agent instead of the owner, and the detail page shows the agent.
ALTER TABLE properties ADD COLUMN agent_cuid text REFERENCES clients(cuid) ON DELETE SET NULL;
