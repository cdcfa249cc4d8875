-- Issue 9: the polygons of the shipped colonias (data/boundaries/colonias-*.geojson, the ones a `place=` search and
-- a colonia's page use: packages/geo placeOutline) in the database, so SQL can ask which colonias have listings in
-- their area (the sitemap: propertiesRepository.coloniaPagesWithListings) instead of matching names. One row per
-- place that has such a polygon (its parts as one MultiPolygon, [lng, lat] degrees as shipped); written with the
-- shipped places (packages/geo load-shipped-places.ts) and gone with its place. Looked up by place id only.
CREATE TABLE place_outlines (
  place_id  text PRIMARY KEY REFERENCES places(id) ON DELETE CASCADE,
  geom      geometry(MultiPolygon, 4326) NOT NULL
);
