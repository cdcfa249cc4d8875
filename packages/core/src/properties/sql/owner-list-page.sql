-- propertiesRepository.ownerListPage (GET /api/v2/properties/my): one page of the owner's puids. The conditions
-- after owner_cuid come from the shared ListingFilter (listing-filter.ts filterWhereSql, the same rules as the
-- index); shown here with every filter set: bounds, op rent, status active, price 10,000–40,000 MXN (USD $7/$10 and
-- EUR $8/$11 rates), minimum rooms, bathrooms and parking, types, amenities, the text search, order cheapest.
-- Without op the price is CASE WHEN is_renta THEN <rent MXN> ELSE <sale MXN> END. Index: properties_owner_idx.
SELECT puid FROM properties
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
ORDER BY (coalesce("rent_price", 0) * CASE "rent_currency" WHEN 'usd' THEN $21::float8 WHEN 'eur' THEN $22::float8 ELSE 1 END) ASC, puid
LIMIT $23 OFFSET $24
