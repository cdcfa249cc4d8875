-- propertiesRepository.indexRowsAfter: one batch of the in-memory index's rows (search/index/property-index.ts
-- IndexRow), keyset by puid. Run at start-up, 50,000 rows at a time, over every listing. Index: properties_pkey.
-- $1 = last puid of the previous batch ('' first), $2 = batch size.
SELECT puid, slug, lat, lng, is_renta, is_venta, is_active, property_type, rooms, bathrooms,
  parking_spots, rent_price, rent_currency, sale_price, sale_currency, amenities,
  coalesce((extract(epoch from published_at) * 1000)::float8, 0) AS published_ms, location_precision, change_seq,
  owner_cuid, agent_cuid, dup_group, dup_hidden
FROM properties
WHERE puid > $1
ORDER BY puid
LIMIT $2
