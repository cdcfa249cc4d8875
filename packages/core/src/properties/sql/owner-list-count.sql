-- propertiesRepository.ownerListPage's total: the same conditions as owner-list-page.sql (same filter).
SELECT count(*)::int AS n FROM properties
WHERE owner_cuid = $1
  AND lat BETWEEN $2 AND $3 AND lng BETWEEN $4 AND $5
  AND "is_renta"
  AND is_active = $6
  AND (coalesce("rent_price", 0) * CASE "rent_currency" WHEN 'usd' THEN $7::float8 WHEN 'eur' THEN $8::float8 ELSE 1 END) >= $9
  AND (coalesce("rent_price", 0) * CASE "rent_currency" WHEN 'usd' THEN $10::float8 WHEN 'eur' THEN $11::float8 ELSE 1 END) <= $12
  AND rooms >= $13 AND bathrooms >= $14 AND parking_spots >= $15
  AND property_type = ANY($16::text[])
  AND amenities @> $17::text[]
  AND (nj_normalize(coalesce(title, '') || ' ' || coalesce(street, '') || ' ' || coalesce(neighborhood, '') || ' ' ||
      coalesce(municipality, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '')) LIKE '%' || nj_normalize($18) || '%'
    OR nj_uid = $19 OR puid ILIKE $20)
