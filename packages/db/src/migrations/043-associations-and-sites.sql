-- Issue 15 'Agencies and associations' and 'White-label sites' (spec 01 §2 association sites, §3 association and
-- directory; spec 03 §2 branded sites, §3 Agency): associations are rows of `agencies` with kind 'association'; their
-- member agencies are kept here. A site (agency or association) is found by the request's host through
-- agencies.base_domain (unique, migration 042).

-- An association administrator (privilege association_admin) may also run an agency of their own: one row of each
-- kind per administrator.
DROP INDEX IF EXISTS agencies_admin;
CREATE UNIQUE INDEX IF NOT EXISTS agencies_admin_kind ON agencies (admin_cuid, kind);

-- The super association (spec 01 §2): the umbrella whose members are associations; its site shows the listings of
-- every member of its member associations and has no directory. Set by the association administrators' CLI only.
ALTER TABLE agencies ADD COLUMN IF NOT EXISTS is_super boolean NOT NULL DEFAULT false;

-- An agency's (or, for the super association, an association's) membership of an association: asked for by the
-- agency's administrator, decided by the association's administrator. Removed ones are kept as history.
CREATE TABLE IF NOT EXISTS association_members (
  asso_uid          text NOT NULL REFERENCES agencies(auid) ON DELETE CASCADE,
  auid              text NOT NULL REFERENCES agencies(auid) ON DELETE CASCADE,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'removed')),
  requested_at      timestamptz NOT NULL DEFAULT now(),
  decided_at        timestamptz,
  decided_by        text REFERENCES clients(cuid) ON DELETE SET NULL,
  PRIMARY KEY (asso_uid, auid),
  CHECK (asso_uid <> auid)
);
CREATE INDEX IF NOT EXISTS association_members_by_agency ON association_members (auid, status);
CREATE INDEX IF NOT EXISTS association_members_by_association ON association_members (asso_uid, status, requested_at);
