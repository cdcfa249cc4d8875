-- Likes (favoritos, spec 01 §6 and spec 02 §7): one row per client and property. properties.likes is the count of
-- these rows, kept by the triggers below so every writer (toggle, merge of an anonymous client, cascades) agrees.
CREATE TABLE property_likes (
  cuid        text NOT NULL REFERENCES clients(cuid) ON DELETE CASCADE,
  puid        text NOT NULL REFERENCES properties(puid) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cuid, puid)
);
-- "my likes, newest first" (the PK already serves cuid lookups; this orders them) and "is this property liked".
CREATE INDEX property_likes_cuid_created_idx ON property_likes (cuid, created_at DESC, puid);
CREATE INDEX property_likes_puid_idx ON property_likes (puid);

-- A counter change is not an edit of the listing: properties_touch (001) keeps updated_at (shown as `uat`, used as
-- the sitemap's lastmod) while the transaction-local setting nj.counter_update is 'on'. change_seq still moves.
CREATE OR REPLACE FUNCTION properties_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := nextval('property_change_seq');
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('nj.counter_update', true), '') = 'on' THEN
    NEW.updated_at := OLD.updated_at;
  ELSE
    NEW.updated_at := now();
  END IF;
  NEW.geom := ST_SetSRID(ST_MakePoint(NEW.lng, NEW.lat), 4326);
  RETURN NEW;
END $$;

CREATE FUNCTION property_likes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('nj.counter_update', 'on', true);
  IF TG_OP = 'INSERT' THEN
    UPDATE properties SET likes = likes + 1 WHERE puid = NEW.puid;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE properties SET likes = greatest(likes - 1, 0) WHERE puid = OLD.puid;
  ELSE -- UPDATE (a like moved to another client or property)
    IF NEW.puid IS DISTINCT FROM OLD.puid THEN
      UPDATE properties SET likes = greatest(likes - 1, 0) WHERE puid = OLD.puid;
      UPDATE properties SET likes = likes + 1 WHERE puid = NEW.puid;
    END IF;
  END IF;
  PERFORM set_config('nj.counter_update', 'off', true);
  RETURN NULL; -- AFTER trigger: the result is ignored
END $$;
CREATE TRIGGER property_likes_count_trg AFTER INSERT OR DELETE OR UPDATE ON property_likes
  FOR EACH ROW EXECUTE FUNCTION property_likes_count();

