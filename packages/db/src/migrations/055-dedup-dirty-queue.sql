-- Issue 16 de-duplication (decision 034): the incremental regrouping is driven by what the duplicate rule reads,
-- not by change_seq. change_seq also moves on every view, share, like and inquiry (counter writes, migration 005),
-- so a change_seq watermark made the every-minute job regroup every viewed listing (and past 500 views a minute,
-- everything). A listing whose grouping inputs change is queued here instead; the job drains the queue.
--
-- seq orders the queue and tells a listing queued again while the job worked (a new seq) from the one it read: the
-- job deletes exactly the (puid, seq) pairs it handled.
CREATE SEQUENCE IF NOT EXISTS dedup_dirty_seq;
CREATE TABLE IF NOT EXISTS dedup_dirty (
  puid  text PRIMARY KEY,
  seq   bigint NOT NULL DEFAULT nextval('dedup_dirty_seq')
);
CREATE INDEX IF NOT EXISTS dedup_dirty_seq_idx ON dedup_dirty (seq);

-- Queues a new or changed listing; on delete, the other members of its group (they must regroup without it; the
-- deleted row is already invisible to an AFTER trigger).
CREATE OR REPLACE FUNCTION properties_dedup_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO dedup_dirty (puid) SELECT puid FROM properties WHERE dup_group = OLD.dup_group AND puid <> OLD.puid
      ON CONFLICT (puid) DO UPDATE SET seq = nextval('dedup_dirty_seq');
  ELSE
    INSERT INTO dedup_dirty (puid) VALUES (NEW.puid) ON CONFLICT (puid) DO UPDATE SET seq = nextval('dedup_dirty_seq');
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS properties_dedup_dirty_ins_trg ON properties;
CREATE TRIGGER properties_dedup_dirty_ins_trg AFTER INSERT ON properties
  FOR EACH ROW EXECUTE FUNCTION properties_dedup_dirty();
-- Every column the rule and the choice of representative read (dedup-repository.ts CANDIDATE_COLUMNS). Counters,
-- dup_group / dup_hidden (the job's own writes) and change_seq / updated_at are not among them.
DROP TRIGGER IF EXISTS properties_dedup_dirty_upd_trg ON properties;
CREATE TRIGGER properties_dedup_dirty_upd_trg AFTER UPDATE ON properties
  FOR EACH ROW WHEN ((OLD.lat, OLD.lng, OLD.location_precision, OLD.is_active, OLD.is_renta, OLD.is_venta, OLD.property_type,
    OLD.rent_price, OLD.rent_currency, OLD.sale_price, OLD.sale_currency, OLD.rooms, OLD.construction_area, OLD.land_area,
    OLD.land_unit, OLD.source, OLD.owner_cuid, OLD.images, OLD.last_verified, OLD.published_at, OLD.description,
    OLD.bathrooms, OLD.parking_spots, OLD.street, OLD.monthly_maintenance_fee, OLD.amenities)
  IS DISTINCT FROM (NEW.lat, NEW.lng, NEW.location_precision, NEW.is_active, NEW.is_renta, NEW.is_venta, NEW.property_type,
    NEW.rent_price, NEW.rent_currency, NEW.sale_price, NEW.sale_currency, NEW.rooms, NEW.construction_area, NEW.land_area,
    NEW.land_unit, NEW.source, NEW.owner_cuid, NEW.images, NEW.last_verified, NEW.published_at, NEW.description,
    NEW.bathrooms, NEW.parking_spots, NEW.street, NEW.monthly_maintenance_fee, NEW.amenities))
  EXECUTE FUNCTION properties_dedup_dirty();
DROP TRIGGER IF EXISTS properties_dedup_dirty_del_trg ON properties;
CREATE TRIGGER properties_dedup_dirty_del_trg AFTER DELETE ON properties
  FOR EACH ROW WHEN (OLD.dup_group IS NOT NULL) EXECUTE FUNCTION properties_dedup_dirty();

-- A database grouped before this migration: what changed since the old watermark is queued once.
INSERT INTO dedup_dirty (puid)
  SELECT p.puid FROM properties p, dedup_state s WHERE s.id = 1 AND s.full_at IS NOT NULL AND p.change_seq > s.seen_seq
  ON CONFLICT (puid) DO NOTHING;
