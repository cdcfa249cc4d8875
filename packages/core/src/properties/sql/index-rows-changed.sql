-- propertiesRepository.changesSince: the index rows written after the index's change_seq (before each search, when
-- something was written). Index: properties_change_seq_idx. $1 = the index's change_seq.
SELECT puid, slug, lat, lng, is_renta, is_venta, is_active, property_type, rooms, bathrooms,
  parking_spots, rent_price, rent_currency, sale_price, sale_currency, amenities,
  coalesce((extract(epoch from published_at) * 1000)::float8, 0) AS published_ms, location_precision, change_seq,
  owner_cuid, agent_cuid, dup_group, dup_hidden
FROM properties
WHERE change_seq > $1
ORDER BY change_seq
