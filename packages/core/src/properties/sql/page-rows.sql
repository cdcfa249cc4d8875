-- propertiesRepository.findByPuids: the full rows of one page of cards (search, owner list, likes) that the row
-- cache does not hold, for present-property.ts. Index: properties_pkey. $1 = the page's puids.
SELECT puid, nj_uid, slug, source, title, description, property_type, is_renta, is_venta, is_active,
  rent_price, rent_currency, rent_based_on, rent_commission_type, rent_commission_value, rent_commission_currency,
  sale_price, sale_currency, sale_based_on, sale_commission_type, sale_commission_value, sale_commission_currency,
  monthly_maintenance_fee, street, number_ext, number_int, neighborhood, municipality, city, state, zip, lat, lng,
  land_area, land_unit, construction_area, rooms, bathrooms, half_bathrooms, parking_spots, floors, apt_floor,
  apt_total_floors, construction_year, amenities, images, likes, views, published_at, updated_at, owner_cuid,
  location_precision, last_verified, integration
FROM properties
WHERE puid = ANY($1::text[])
