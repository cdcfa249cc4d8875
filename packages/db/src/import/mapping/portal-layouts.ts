import { normalizeHeader } from './header-synonyms.ts';
import type { Field, Target } from './targets.ts';

/**
 * A portal's export shape recognised by its headers (issue 10 "Recognises the common layouts of Mexican portals and
 * tools by their headers"). Header names are written normalised (see normalizeHeader): 'operations.0.amount' and
 * 'operations_0_amount' are both 'operations 0 amount'.
 */
export type PortalLayout = {
  /** Mapping.layout of a file in this shape. */
  name: string;
  /** RowFacts.source of its rows (a `source` column or `--source` wins). */
  source: string;
  /** Where the column names come from (documentation or public code that reads/writes them). */
  reference: string;
  /** The file is in this shape when all headers of one of these sets are present. */
  signatures: readonly (readonly string[])[];
  /** Header → target for this shape; null = known and ignored. Headers not listed are guessed from the synonym table. */
  columns: Readonly<Record<string, Target | null>>;
  /** Fields the shape has no column for, read from the row's title (or URL) instead ('Departamento en Venta en Xoco'). */
  derived?: readonly Field[];
};

/**
 * EasyBroker (CRM used by Mexican agencies): its REST API's property fields flattened into columns, as a JSON→CSV
 * export of GET /v1/properties and /v1/properties/{public_id} writes them. Field names from the EasyBroker API
 * reference (https://dev.easybroker.com/reference — properties: public_id, title, description, property_type, location
 * 'Colonia, Municipio, Estado' in lists and {name, latitude, longitude, street, exterior_number, postal_code} in
 * detail, operations[] {type 'sale'|'rent'|'temporary_rental', amount, currency}, bedrooms, bathrooms,
 * half_bathrooms, parking_spaces, lot_size, construction_size, age, features, public_url, created_at, updated_at), as
 * also typed by public clients (e.g. github.com/joaquinrponce/mock-easybroker app/services/easy_broker/property.rb).
 */
const EASYBROKER: PortalLayout = {
  name: 'easybroker',
  source: 'easybroker',
  reference: 'https://dev.easybroker.com/reference',
  signatures: [['public id', 'property type'], ['public id', 'construction size']],
  columns: {
    'public id': 'source_id', title: 'title', description: 'description', 'property type': 'property_type',
    location: 'address', 'location name': 'address', 'location latitude': 'lat', 'location longitude': 'lng',
    'location street': 'street', 'location exterior number': 'exterior_number', 'location interior number': null,
    'location postal code': 'postal_code', 'location show exact location': null, 'location hide exact location': null,
    'operations 0 type': 'op_type', 'operations 0 amount': 'price', 'operations 0 currency': 'currency',
    'operations 0 formatted amount': null, 'operations 0 unit': null, 'operations 0 commission type': null,
    'operations 0 commission value': null, 'operation type': 'op_type', 'operations type': 'op_type',
    'operations amount': 'price', 'operations currency': 'currency', amount: 'price', currency: 'currency',
    bedrooms: 'rooms', bathrooms: 'bathrooms', 'half bathrooms': 'half_bathrooms', 'parking spaces': 'parking_spots',
    'lot size': 'land_area_m2', 'construction size': 'construction_area_m2', age: 'age', features: 'amenities',
    'public url': 'url', 'created at': 'published_at', 'updated at': null, agent: null, 'show prices': null,
    'share commission': null, 'title image full': null, 'title image thumb': null, status: null, 'floors': null,
    'expenses': 'maintenance_fee', 'property images': null, tags: null,
  },
};

/**
 * Mercado Libre Inmuebles (MLM): an item of its Items API flattened into columns (item fields plus one column per
 * attribute id). Names from the Mercado Libre developers' real-estate guide
 * (https://developers.mercadolibre.com.mx/es_ar/guia-para-inmuebles and /es_ar/publica-inmuebles: item id 'MLM…',
 * title, price, currency_id, permalink, date_created, location.address_line / neighborhood.name / city.name /
 * state.name / zip_code / latitude / longitude; attributes OPERATION, PROPERTY_TYPE, BEDROOMS, FULL_BATHROOMS,
 * HALF_BATHROOMS, PARKING_LOTS, COVERED_AREA, TOTAL_AREA, PROPERTY_AGE, MAINTENANCE_FEE, ROOMS = 'ambientes'), as public
 * integrations publish and read them. In Mexico the item's city is the municipality or alcaldía.
 */
const MERCADOLIBRE: PortalLayout = {
  name: 'mercadolibre',
  source: 'mercadolibre',
  reference: 'https://developers.mercadolibre.com.mx/es_ar/guia-para-inmuebles',
  signatures: [['currency id', 'permalink'], ['currency id', 'full bathrooms'], ['covered area', 'full bathrooms', 'parking lots']],
  columns: {
    id: 'source_id', 'item id': 'source_id', title: 'title', price: 'price', 'currency id': 'currency', permalink: 'url',
    'date created': 'published_at', 'start time': 'published_at', 'last updated': null, 'stop time': null,
    'category id': null, 'listing type id': null, 'site id': null, 'seller id': null, thumbnail: null, condition: null,
    operation: 'op_type', 'property type': 'property_type', bedrooms: 'rooms', rooms: null, 'full bathrooms': 'bathrooms',
    'half bathrooms': 'half_bathrooms', 'parking lots': 'parking_spots', 'covered area': 'construction_area_m2',
    'total area': 'land_area_m2', 'property age': 'age', 'maintenance fee': 'maintenance_fee',
    'location address line': 'address', 'location neighborhood name': 'colonia', 'location city name': 'municipality',
    'location state name': 'state', 'location zip code': 'postal_code', 'location latitude': 'lat',
    'location longitude': 'lng', 'location country name': null, 'seller address city name': null,
  },
};

/**
 * Lamudi México: its listing pages' schema.org JSON-LD (Apartment / House / SingleFamilyResidence with name, url,
 * description, numberOfBedrooms, numberOfBathroomsTotal, floorSize.value, address.streetAddress /
 * addressLocality / addressRegion / postalCode, geo.latitude / longitude, offers.price / priceCurrency) flattened into
 * columns, as public scrapers read it (e.g. github.com/isaacachar/polpi-mx lamudi_json_scraper.py). There is no
 * operation or type column: both are read from the listing's name ('Departamento en Venta en Xoco') or URL.
 */
const LAMUDI: PortalLayout = {
  name: 'lamudi',
  source: 'lamudi',
  reference: 'https://schema.org/Accommodation (Lamudi JSON-LD), github.com/isaacachar/polpi-mx lamudi_json_scraper.py',
  signatures: [['address address locality', 'offers price'], ['number of bedrooms', 'floor size value']],
  columns: {
    type: null, id: 'source_id', name: 'title', description: 'description', url: 'url', image: null,
    'number of bedrooms': 'rooms', 'number of bathrooms total': 'bathrooms', 'number of bathrooms': 'bathrooms',
    'number of rooms': null, 'floor size value': 'construction_area_m2', 'floor size unit code': null,
    'floor size unit text': null, 'lot size value': 'land_area_m2', 'address street address': 'street',
    'address address locality': 'address', 'address address region': 'state', 'address postal code': 'postal_code',
    'address address country': null, 'address type': null, 'geo latitude': 'lat', 'geo longitude': 'lng', 'geo type': null,
    'offers price': 'price', 'offers price currency': 'currency', 'offers type': null, 'offers availability': null,
    'date posted': 'published_at', 'date published': 'published_at', 'year built': 'construction_year',
  },
  derived: ['op_type', 'property_type'],
};

/**
 * Vivanuncios: the listing-card fields public scrapers keep from its result pages (github.com/isaacachar/polpi-mx
 * scrapers/vivanuncios_scraper.py: source, source_id = the ad number at the end of the URL, url, title, price_mxn,
 * price_usd (a conversion, ignored), property_type, bedrooms, bathrooms, size_m2, city, state, colonia, description,
 * images, agent_name, scraped_date, parking_spaces). The card has no operation: it is read from the title
 * ('Casa en venta - Lindavista'). The `source` column names the portal of each row.
 */
const VIVANUNCIOS: PortalLayout = {
  name: 'vivanuncios',
  source: 'vivanuncios',
  reference: 'github.com/isaacachar/polpi-mx scrapers/vivanuncios_scraper.py',
  signatures: [['price mxn', 'size m2', 'agent name']],
  columns: {
    source: 'source', 'source id': 'source_id', url: 'url', title: 'title', 'price mxn': 'price', 'price usd': null,
    'property type': 'property_type', bedrooms: 'rooms', bathrooms: 'bathrooms', 'size m2': 'construction_area_m2',
    city: 'municipality', state: 'state', colonia: 'colonia', description: 'description', images: null,
    'agent name': null, 'scraped date': null, 'parking spaces': 'parking_spots',
  },
  derived: ['op_type'],
};

/** The portal layouts, most specific first. */
export const PORTAL_LAYOUTS: readonly PortalLayout[] = [EASYBROKER, MERCADOLIBRE, LAMUDI, VIVANUNCIOS];

/** The portal layout whose signature headers are all in `header` (any spelling normalizeHeader folds), or null. */
export function findPortalLayout(header: readonly string[]): PortalLayout | null {
  const present = new Set(header.map(normalizeHeader));
  return PORTAL_LAYOUTS.find((layout) => layout.signatures.some((set) => set.every((h) => present.has(h)))) ?? null;
}
