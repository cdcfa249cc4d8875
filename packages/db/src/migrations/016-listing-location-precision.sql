-- Issue 10 "Rows without coordinates are geocoded": how precisely a listing's point is known. 'exact' is the
-- listing's own point (entered or imported with coordinates); the others say the point is the centre of that kind
-- of place (the importer's geocoder, packages/db/src/import/geocode): search answers mark such listings approximate
-- and the detail map draws an area, not a pin.
ALTER TABLE properties ADD COLUMN location_precision text NOT NULL DEFAULT 'exact'
  CHECK (location_precision IN ('exact', 'colonia', 'postal_code', 'locality', 'municipality'));
-- An unknown publication date stays unknown (it used to become the import day and flood 'Más recientes').
ALTER TABLE properties ALTER COLUMN published_at DROP NOT NULL;
-- The advertiser's own listing URL, kept only by an import with --keep-text.
ALTER TABLE properties ADD COLUMN source_url text;
