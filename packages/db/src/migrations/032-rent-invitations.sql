-- Issue 12 'The guarantor' and 'The proposal' (joint rent; spec 03 §3 Rent avaltype, is_os_confirmed, is_os_approved,
-- Guarantor record): the people a tenant names in a rent besides themself — the guarantor (atype aval with a property,
-- obligado, or bond insurance nowo) and the second renter of a joint rent. One row per naming: naming again marks the
-- current one 'replaced' and adds a new one, so at most one current (pending or accepted) row per rent and role.
-- The invitee is found by the e-mail the tenant typed (lowercased) until they answer; then `cuid` is theirs.
CREATE TABLE IF NOT EXISTS rent_invitations (
  iuid text PRIMARY KEY,
  ruid text NOT NULL REFERENCES rents(ruid) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('aval', 'second_renter')),
  atype text CHECK (atype IN ('aval', 'obligado', 'nowo')),
  email text,
  cuid text REFERENCES clients(cuid) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected', 'replaced')),
  -- Guarantor approval: null = in review, true = approved, false = not approved (spec 03 §4 'Guarantor').
  is_approved boolean,
  -- Joint-guarantor (obligado solidario) verification, support's OS ticket (spec 03 §3, §8 category OS).
  is_os_confirmed boolean NOT NULL DEFAULT false,
  is_os_approved boolean,
  -- The same e-mail was approved as a guarantor in an earlier rent (issue 12 'A reusable tenant file').
  approved_before boolean NOT NULL DEFAULT false,
  decided_by text REFERENCES clients(cuid) ON DELETE SET NULL,
  decided_at timestamptz,
  -- The property an aval offers as guarantee (atype aval): its address; the deed or predial file is a document.
  guarantee_address text,
  guarantee_neighborhood text,
  guarantee_city text,
  guarantee_municipality text,
  guarantee_state text,
  guarantee_cp text,
  -- Bond insurance (atype nowo): the insurer's answer.
  insurer text,
  insurer_reference text,
  insurer_premium numeric,
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((role = 'aval') = (atype IS NOT NULL))
);
CREATE UNIQUE INDEX IF NOT EXISTS rent_invitations_current_idx ON rent_invitations (ruid, role) WHERE status IN ('pending', 'accepted');
CREATE INDEX IF NOT EXISTS rent_invitations_email_idx ON rent_invitations (email) WHERE status <> 'replaced';
CREATE INDEX IF NOT EXISTS rent_invitations_cuid_idx ON rent_invitations (cuid);

-- The aval's proof of the guarantee property (deed or predial) is one more kind of personal document (migration 030,
-- decision 016): stored sealed like the others, role aval of the rent.
ALTER TABLE person_documents DROP CONSTRAINT IF EXISTS person_documents_kind_check;
ALTER TABLE person_documents ADD CONSTRAINT person_documents_kind_check
  CHECK (kind IN ('ine_front', 'ine_back', 'poa', 'poi', 'poi_second', 'guarantee_deed'));
