-- Issue 15 'Branded login' (spec 03 §2 'Branded sites', §5 last line, §7 POST /v1/auth/start, /continue,
-- /loginwithtoken; decision 031): the one-time tokens of the central login. The product host issues one to a
-- signed-in client for one branded site and one state; the branded host exchanges it once for a session there.
-- Only the token's SHA-256 is kept; a token lives two minutes and is spent by its first successful use.
CREATE TABLE IF NOT EXISTS site_login_tokens (
  token_hash   text PRIMARY KEY CHECK (length(token_hash) = 64),
  -- The branded site (agency or association) the token signs in to.
  site_uid     text NOT NULL REFERENCES agencies(auid) ON DELETE CASCADE,
  -- The client who will be signed in.
  cuid         text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  -- The branded page's state (12 alphanumerics) the token is bound to.
  state        text NOT NULL CHECK (state ~ '^[A-Za-z0-9]{12}$'),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  -- Set by the one exchange that spent it; a spent token is never accepted again.
  used_at      timestamptz
);
-- Old tokens are dropped by the issuing call (spent or expired ones older than a day).
CREATE INDEX IF NOT EXISTS site_login_tokens_expiry ON site_login_tokens (expires_at);
