-- Issue 8 §1 "Privileges are granted by a command, recorded with who and when".
-- clients.privileges (004) holds what a client may do now; every change to it made by `npm run privileges` is
-- recorded here: which client, which privilege, granted or revoked, by whom (the operator's name) and when.
CREATE TABLE privilege_grants (
  id         bigserial PRIMARY KEY,
  cuid       text NOT NULL REFERENCES clients (cuid) ON DELETE CASCADE,
  privilege  text NOT NULL,
  action     text NOT NULL CHECK (action IN ('grant', 'revoke')),
  granted_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX privilege_grants_cuid_idx ON privilege_grants (cuid, created_at);
