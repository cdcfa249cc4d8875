-- Listing statistics (spec 01 §2 "owner metrics", §4 "Viewing", §7 "Views push" and POST /v2/properties/appear;
-- spec 03 §7 POST /v1/leads/contact). Days are calendar days in Mexico City time (America/Mexico_City).

-- Daily counts per listing. appears: times the listing was shown in a list or map; views: counted views (10% visible,
-- once per client per 5 s); likes: new likes that day; inquiries and leads: contact messages; shares: share actions.
CREATE TABLE listing_daily_stats (
  puid       text NOT NULL REFERENCES properties(puid) ON DELETE CASCADE,
  day        date NOT NULL,
  appears    integer NOT NULL DEFAULT 0,
  views      integer NOT NULL DEFAULT 0,
  likes      integer NOT NULL DEFAULT 0,
  inquiries  integer NOT NULL DEFAULT 0,
  leads      integer NOT NULL DEFAULT 0,
  shares     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (puid, day)
);

-- When a client (session's cuid) was last counted for an item: kind 'view', 'appear' or 'share'. A repeat inside the
-- window (5 s) is ignored. Kept in the database so every server process agrees.
CREATE TABLE listing_last_seen (
  cuid       text NOT NULL,
  kind       text NOT NULL,
  puid       text NOT NULL REFERENCES properties(puid) ON DELETE CASCADE,
  last_seen  timestamptz NOT NULL,
  prev_seen  timestamptz,               -- the last_seen before the latest count (caps a push's views by elapsed time)
  PRIMARY KEY (cuid, kind, puid)
);

-- Pushes already applied (views push and appearances carry a client push id): a retry of the same push is a no-op.
-- Scoped by client so one client cannot block another's ids. Old rows may be pruned after a day.
CREATE TABLE stats_pushes (
  cuid        text NOT NULL,
  push_id     text NOT NULL,
  kind        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cuid, push_id)
);
CREATE INDEX stats_pushes_created_idx ON stats_pushes (created_at);

-- Contact messages sent from a listing's detail page to its owner.
CREATE TABLE leads (
  luid         text PRIMARY KEY,
  puid         text NOT NULL REFERENCES properties(puid) ON DELETE CASCADE,
  owner_cuid   text REFERENCES clients(cuid) ON DELETE SET NULL,
  sender_cuid  text REFERENCES clients(cuid) ON DELETE SET NULL,
  name         text NOT NULL,
  phone        text NOT NULL,            -- E.164
  email        text NOT NULL,
  message      text NOT NULL,
  ip           text,
  emailed_at   timestamptz,              -- null: demo listing without owner, or the e-mail failed
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_puid_idx ON leads (puid, created_at DESC);
CREATE INDEX leads_owner_idx ON leads (owner_cuid, created_at DESC);

-- A new like also counts in that day's statistics (the total stays properties.likes, kept by 005's triggers).
CREATE FUNCTION listing_daily_like() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_daily_stats (puid, day, likes)
  VALUES (NEW.puid, (now() AT TIME ZONE 'America/Mexico_City')::date, 1)
  ON CONFLICT (puid, day) DO UPDATE SET likes = listing_daily_stats.likes + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER listing_daily_like_trg AFTER INSERT ON property_likes
  FOR EACH ROW EXECUTE FUNCTION listing_daily_like();
