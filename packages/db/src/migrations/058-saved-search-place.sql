-- Issue 17 'Saved searches and alerts': the place a search was saved on (a place page such as
-- /departamentos-en-renta-en-guadalajara, or /propiedades?place=…), by its slug. Its alerts match the place's outline
-- (search-matcher.ts), not the map's bounds at the moment of saving; NULL for a search saved on the map alone.
ALTER TABLE saved_searches ADD COLUMN IF NOT EXISTS place_slug text;
