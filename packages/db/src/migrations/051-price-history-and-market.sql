-- Issue 17 'Price history and market figures' (decision 036).
--
-- Price history: every change of a listing's rent or sale price (or its currency) is one row, written by a trigger
-- on `properties`, so the edit form, the importer and the integrations sync are all recorded whatever path they
-- take. The writer names itself with `SET LOCAL nj.price_source = 'import' | 'sync'` (price-source.ts); without it
-- the change counts as an 'edit'. A listing's first price is recorded when it is inserted ('start'); listings that
-- existed before this migration get one 'start' row with today's price and date: the history begins here, nothing
-- older is invented.
CREATE TABLE IF NOT EXISTS property_price_events (
  id          bigserial PRIMARY KEY,
  puid        text NOT NULL REFERENCES properties(puid) ON DELETE CASCADE,
  operation   text NOT NULL CHECK (operation IN ('rent', 'sale')),
  old_price   numeric(16,2),
  old_currency text,
  new_price   numeric(16,2),
  new_currency text NOT NULL,
  source      text NOT NULL CHECK (source IN ('start', 'edit', 'import', 'sync')),
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS property_price_events_puid_idx ON property_price_events (puid, at);
CREATE INDEX IF NOT EXISTS property_price_events_at_idx ON property_price_events (at);

CREATE OR REPLACE FUNCTION properties_price_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := coalesce(nullif(current_setting('nj.price_source', true), ''), 'edit');
BEGIN
  IF src NOT IN ('edit', 'import', 'sync') THEN src := 'edit'; END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.is_renta AND NEW.rent_price IS NOT NULL THEN
      INSERT INTO property_price_events (puid, operation, new_price, new_currency, source)
        VALUES (NEW.puid, 'rent', NEW.rent_price, NEW.rent_currency, 'start');
    END IF;
    IF NEW.is_venta AND NEW.sale_price IS NOT NULL THEN
      INSERT INTO property_price_events (puid, operation, new_price, new_currency, source)
        VALUES (NEW.puid, 'sale', NEW.sale_price, NEW.sale_currency, 'start');
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.rent_price IS NOT NULL AND (OLD.rent_price IS DISTINCT FROM NEW.rent_price OR OLD.rent_currency IS DISTINCT FROM NEW.rent_currency) THEN
    INSERT INTO property_price_events (puid, operation, old_price, old_currency, new_price, new_currency, source)
      VALUES (NEW.puid, 'rent', OLD.rent_price, CASE WHEN OLD.rent_price IS NULL THEN NULL ELSE OLD.rent_currency END,
              NEW.rent_price, NEW.rent_currency, CASE WHEN OLD.rent_price IS NULL THEN 'start' ELSE src END);
  END IF;
  IF NEW.sale_price IS NOT NULL AND (OLD.sale_price IS DISTINCT FROM NEW.sale_price OR OLD.sale_currency IS DISTINCT FROM NEW.sale_currency) THEN
    INSERT INTO property_price_events (puid, operation, old_price, old_currency, new_price, new_currency, source)
      VALUES (NEW.puid, 'sale', OLD.sale_price, CASE WHEN OLD.sale_price IS NULL THEN NULL ELSE OLD.sale_currency END,
              NEW.sale_price, NEW.sale_currency, CASE WHEN OLD.sale_price IS NULL THEN 'start' ELSE src END);
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS properties_price_event_trg ON properties;
CREATE TRIGGER properties_price_event_trg AFTER INSERT OR UPDATE OF rent_price, rent_currency, sale_price, sale_currency ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_price_event();

-- The starting point of listings that existed before the history (their price today, dated today).
INSERT INTO property_price_events (puid, operation, new_price, new_currency, source)
  SELECT puid, 'rent', rent_price, rent_currency, 'start' FROM properties p
   WHERE is_renta AND rent_price IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM property_price_events e WHERE e.puid = p.puid AND e.operation = 'rent');
INSERT INTO property_price_events (puid, operation, new_price, new_currency, source)
  SELECT puid, 'sale', sale_price, sale_currency, 'start' FROM properties p
   WHERE is_venta AND sale_price IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM property_price_events e WHERE e.puid = p.puid AND e.operation = 'sale');

-- Market figures (monthly snapshots computed by the `market.figures` job from our own active listings): per place
-- (a colonia: 'colonia', key 'nj_normalize(colonia)|nj_normalize(municipality)'; a municipality: 'municipality',
-- key nj_normalize(municipality)), month (first day, America/Mexico_City), operation and property type ('all' =
-- every type). median_mxn_m2 is the median of price in MXN / built area (land area for land), over `sample` active
-- listings with both; `listings` counts every active listing of the group. The current month is rewritten on every
-- run; past months stay as they were computed (the 12-month trend is what we saw, never rebuilt backwards).
CREATE TABLE IF NOT EXISTS market_snapshots (
  place_kind     text NOT NULL CHECK (place_kind IN ('colonia', 'municipality')),
  place_key      text NOT NULL,
  month          date NOT NULL,
  operation      text NOT NULL CHECK (operation IN ('rent', 'sale')),
  property_type  text NOT NULL,
  listings       integer NOT NULL,
  sample         integer NOT NULL,
  median_mxn_m2  double precision,
  computed_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (place_kind, place_key, operation, property_type, month)
);
