-- Issue 16 'Cross-source de-duplication' and 'Map ads' (spec 01 §3 Ad, §7, §9; decision 034).
--
-- De-duplication: listings of one home published by different sources or owners are grouped. dup_group is the
-- puid of the group's representative (the one card search shows), the same on every member; NULL for a listing
-- without duplicates. dup_hidden is true on the other members: the search index leaves them out of counts,
-- clusters and pages (decision 002), and the representative's card names them under 'También en…'. Both are
-- written only when they change (the write bumps change_seq, so every process's index catches up).
ALTER TABLE properties ADD COLUMN IF NOT EXISTS dup_group text;
ALTER TABLE properties ADD COLUMN IF NOT EXISTS dup_hidden boolean NOT NULL DEFAULT false;
CREATE INDEX IF NOT EXISTS properties_dup_group_idx ON properties (dup_group) WHERE dup_group IS NOT NULL;
-- The change_seq up to which the incremental regrouping job has looked at changed listings (one row; 0 = never
-- grouped: the job then groups everything once).
CREATE TABLE IF NOT EXISTS dedup_state (
  id        smallint PRIMARY KEY CHECK (id = 1),
  seen_seq  bigint NOT NULL DEFAULT 0,
  full_at   timestamptz
);
INSERT INTO dedup_state (id) VALUES (1) ON CONFLICT (id) DO NOTHING;

-- Map ads managed by support staff: an advertiser's image with a link or a listing, shown over the map inside an
-- area (a bbox, or a circle given by centre and radius) and a zoom range, between two dates, until the budget of
-- impressions is spent. Impressions come from the views push ('ad_{ad_uid}' items), clicks from
-- POST /v1/ads/{ad_uid}/click.
CREATE TABLE IF NOT EXISTS map_ads (
  ad_uid             text PRIMARY KEY,
  advertiser         text NOT NULL CHECK (length(advertiser) BETWEEN 2 AND 120),
  title              text NOT NULL CHECK (length(title) BETWEEN 2 AND 120),
  -- Storage key ads/{ad_uid}/{id}.webp once an image is uploaded (served at /media/{key} while the ad points at it).
  image_key          text,
  link_url           text CHECK (link_url IS NULL OR (length(link_url) <= 500 AND link_url ~ '^https?://')),
  puid               text REFERENCES properties(puid) ON DELETE SET NULL,
  area_kind          text NOT NULL CHECK (area_kind IN ('bbox', 'circle')),
  north              double precision NOT NULL CHECK (north BETWEEN -90 AND 90),
  south              double precision NOT NULL CHECK (south BETWEEN -90 AND 90 AND south <= north),
  east               double precision NOT NULL CHECK (east BETWEEN -180 AND 180),
  west               double precision NOT NULL CHECK (west BETWEEN -180 AND 180 AND west <= east),
  -- For a circle: its centre and radius (the bbox above is the circle's bounding box, used to narrow the lookup).
  center_lat         double precision,
  center_lng         double precision,
  radius_m           double precision CHECK (radius_m IS NULL OR radius_m BETWEEN 50 AND 500000),
  min_zoom           smallint NOT NULL CHECK (min_zoom BETWEEN 0 AND 22),
  max_zoom           smallint NOT NULL CHECK (max_zoom BETWEEN 0 AND 22 AND max_zoom >= min_zoom),
  starts_at          timestamptz NOT NULL,
  ends_at            timestamptz NOT NULL CHECK (ends_at > starts_at),
  budget_impressions integer NOT NULL CHECK (budget_impressions BETWEEN 1 AND 100000000),
  impressions        integer NOT NULL DEFAULT 0 CHECK (impressions >= 0),
  clicks             integer NOT NULL DEFAULT 0 CHECK (clicks >= 0),
  is_paused          boolean NOT NULL DEFAULT false,
  created_by         text REFERENCES clients(cuid) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS map_ads_running_idx ON map_ads (ends_at) WHERE NOT is_paused;
