-- Issue 15 'Agencies and agents' (spec 03 §3 Agency, §6, §7 Agencies; decision 028): real-estate agencies with one
-- administrator, the agents who ask to join them (pending → approved / suspended / removed by the administrator),
-- the seats an agency's plan pays for, and the plan orders paid through the payment adapter (transaction type
-- owner_plan). A listing of the agency is assigned to an agent through properties.agent_cuid (migration 021).

CREATE TABLE IF NOT EXISTS agencies (
  auid              text PRIMARY KEY,
  name              text NOT NULL CHECK (length(name) BETWEEN 2 AND 120),
  -- 'agency' here; associations (kind 'association') come with the association sites.
  kind              text NOT NULL DEFAULT 'agency' CHECK (kind IN ('agency', 'association')),
  -- The client who created it and manages it (one agency per administrator).
  admin_cuid        text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  -- Branded site settings (spec 03 §3 Agency): lower-case host name without scheme, unique when set.
  base_domain       text CHECK (base_domain IS NULL OR length(base_domain) BETWEEN 3 AND 253),
  color_primary     text CHECK (color_primary IS NULL OR color_primary ~ '^#[0-9a-f]{6}$'),
  color_secondary   text CHECK (color_secondary IS NULL OR color_secondary ~ '^#[0-9a-f]{6}$'),
  custom_page_name  text CHECK (custom_page_name IS NULL OR length(custom_page_name) <= 120),
  website_content   text CHECK (website_content IS NULL OR length(website_content) <= 5000),
  has_map           boolean NOT NULL DEFAULT true,
  is_private        boolean NOT NULL DEFAULT false,
  mexican_state     text CHECK (mexican_state IS NULL OR length(mexican_state) <= 60),
  -- Storage key of the logo (agencies/{auid}/{id}.webp), served at /media/{key}.
  logo_name         text,
  -- When true, approved agents may change every listing of the agency, not only those assigned to them.
  agents_edit_all   boolean NOT NULL DEFAULT false,
  -- The plan paid for (null: the free start with FREE_AGENCY_SEATS), its seats and period.
  plan              text CHECK (plan IS NULL OR plan IN ('bronze', 'silver', 'gold')),
  seats             integer NOT NULL DEFAULT 0 CHECK (seats >= 0 AND seats <= 1000),
  is_anual          boolean NOT NULL DEFAULT false,
  plan_expires_at   timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS agencies_admin ON agencies (admin_cuid);
CREATE UNIQUE INDEX IF NOT EXISTS agencies_base_domain ON agencies (base_domain) WHERE base_domain IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS agencies_name_ci ON agencies (lower(name));

-- A client's request to work as an agent of an agency, and its state. A client has at most one membership that is
-- not removed (one agency at a time); removed ones are kept as history.
CREATE TABLE IF NOT EXISTS agency_agents (
  agent_uid         text PRIMARY KEY,
  auid              text NOT NULL REFERENCES agencies(auid) ON DELETE CASCADE,
  cuid              text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  status            text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'suspended', 'removed')),
  requested_at      timestamptz NOT NULL DEFAULT now(),
  decided_at        timestamptz,
  decided_by        text REFERENCES clients(cuid) ON DELETE SET NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS agency_agents_one_current ON agency_agents (cuid) WHERE status <> 'removed';
CREATE INDEX IF NOT EXISTS agency_agents_by_agency ON agency_agents (auid, status, requested_at);

-- A plan bought (or renewed) for an agency: one owner_plan transaction each; its seats are granted once, when the
-- transaction becomes completed (payments' completeTransactions).
CREATE TABLE IF NOT EXISTS agency_plan_orders (
  tuid              text PRIMARY KEY REFERENCES transactions(tuid) ON DELETE CASCADE,
  auid              text NOT NULL REFERENCES agencies(auid) ON DELETE CASCADE,
  cuid              text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  plan              text NOT NULL CHECK (plan IN ('bronze', 'silver', 'gold')),
  seats             integer NOT NULL CHECK (seats BETWEEN 1 AND 1000),
  is_anual          boolean NOT NULL,
  is_renewal        boolean NOT NULL DEFAULT false,
  amount_cents      bigint NOT NULL CHECK (amount_cents > 0),
  granted_at        timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS agency_plan_orders_by_agency ON agency_plan_orders (auid, created_at);
