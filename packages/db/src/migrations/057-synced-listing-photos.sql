-- Issue 16 'Integrations' (decision 033 'Photos'): the photos of listings synced from EasyBroker and KW.
-- source_photo_urls: the photo URLs the source gave at the last sync that read the listing, in its order (first =
-- cover, at most 30); NULL for listings that are not synced. The `integrations.photos` job downloads the ones the
-- listing's photos (properties.images, each `{ name, order, source_url }`) do not have yet and removes the photos
-- whose source_url the source no longer lists, so an unchanged URL is never downloaded twice.
ALTER TABLE properties ADD COLUMN IF NOT EXISTS source_photo_urls text[];
