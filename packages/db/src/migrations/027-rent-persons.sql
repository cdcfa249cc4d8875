-- Issue 12 'The proposal' (spec 03 §3 "Person data"): the data of the people of a rent — the renter now; the second
-- renter and the aval fill in their own once invited. CURP, RFC and IDMEX are kept sealed (AES-256-GCM under
-- DATA_ENCRYPTION_KEY, core security/seal-text.ts), never in clear; the rest is what a lease names.
CREATE TABLE IF NOT EXISTS rent_persons (
  ruid text NOT NULL REFERENCES rents(ruid) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('renter', 'second_renter', 'aval')),
  cuid text REFERENCES clients(cuid) ON DELETE SET NULL,
  first_name text,
  middle_names text,
  first_last_name text,
  other_last_names text,
  birthdate date,
  ocupation text,
  civil_status text CHECK (civil_status IN ('soltero', 'casado')),
  birthplace text,
  birthplace_state text,
  lsex text CHECK (lsex IN ('male', 'female')),
  curp_sealed text,
  rfc_sealed text,
  idmex_sealed text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ruid, role)
);
