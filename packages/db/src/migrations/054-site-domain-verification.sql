-- Issue 15 hardening (decision 030 'Domain verification'): a branded site's base domain serves the site and
-- receives login tokens only once verified. The administrator publishes a DNS TXT record
-- `_nj-verificacion.<domain>` holding the agency's token; a successful check stamps base_domain_verified_at.
-- Changing the domain clears the stamp. Outside production `.localhost` and `.test` domains count as verified
-- (they can only point at this machine) without a stamp.
ALTER TABLE agencies ADD COLUMN IF NOT EXISTS base_domain_verified_at timestamptz;
ALTER TABLE agencies ADD COLUMN IF NOT EXISTS domain_verification_token text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text || random()::text);

-- Decision 031 'Site sessions': a session made by POST /v1/auth/loginwithtoken belongs to its branded site; it counts
-- only on requests whose host is that site and may call only what a branded site offers.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS site_uid text REFERENCES agencies(auid) ON DELETE CASCADE;
