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
 * ('Casa en venta - Lindavista'). Its `source` column (the portal's name) is not read: rows get 'vivanuncios'.
 */
const VIVANUNCIOS: PortalLayout = {
  name: 'vivanuncios',
  source: 'vivanuncios',
  reference: 'github.com/isaacachar/polpi-mx scrapers/vivanuncios_scraper.py',
  signatures: [['price mxn', 'size m2', 'agent name']],
  columns: {
    source: null, 'source id': 'source_id', url: 'url', title: 'title', 'price mxn': 'price', 'price usd': null,
    'property type': 'property_type', bedrooms: 'rooms', bathrooms: 'bathrooms', 'size m2': 'construction_area_m2',
    city: 'municipality', state: 'state', colonia: 'colonia', description: 'description', images: null,
    'agent name': null, 'scraped date': null, 'parking spaces': 'parking_spots',
  },
  derived: ['op_type'],
};

/**
 * Inmuebles24 listing export: a posting of the Navent platform (Inmuebles24 in Mexico, ZonaProp in Argentina) as its
 * result pages' posting JSON gives it, flattened with dotted names (postingId, title, url,
 * priceOperationTypes[0].operationType.name 'Venta'|'Renta', priceOperationTypes[0].prices[0].amount / formattedAmount /
 * currency, expenses.amount / currency, mainFeatures.CFT100.value = m² totales, CFT101 = m² construidos, CFT1 =
 * ambientes, CFT2 = recámaras, CFT3 = baños, CFT4 = medios baños, CFT5 = antigüedad, CFT7 = estacionamientos,
 * realEstateType.name, postingLocation.address.name, postingLocation.location.name / parent.name / parent.parent.name =
 * colonia / municipio / estado, postingLocation.postingGeolocation.geolocation.latitude / longitude), or with the
 * short names public scrapers rename them to (posting_id, status, price, currency_price, expenses, currency_expenses,
 * m2_total, m2_covered, room, bedroom, bathroom, antiquity, garage, publisher_id, publisher_name, type, geo_latitude,
 * geo_longitude) — both as a public Navent scraper's column map writes them (search public code for
 * 'priceOperationTypes[0].operationType.name'). The scrapes of layouts.ts (inmuebles24_raw / _normalised) stay fixed layouts.
 */
const INMUEBLES24: PortalLayout = {
  name: 'inmuebles24',
  source: 'inmuebles24',
  reference: 'Navent posting JSON (Inmuebles24 / ZonaProp result pages), flattened by public scrapers',
  signatures: [['posting id', 'price operation types 0 operation type name'], ['posting id', 'status', 'm2 covered']],
  columns: {
    'posting id': 'source_id', title: 'title', url: 'url', 'description normalized': 'description', description: 'description',
    'price operation types 0 operation type name': 'op_type', 'price operation types 0 prices 0 amount': 'price',
    'price operation types 0 prices 0 formatted amount': 'price', 'price operation types 0 prices 0 currency': 'currency',
    'expenses amount': 'maintenance_fee', 'expenses formatted amount': 'maintenance_fee', 'expenses currency': null,
    'main features cft100 value': 'land_area_m2', 'main features cft101 value': 'construction_area_m2',
    'main features cft1 value': null, 'main features cft2 value': 'rooms', 'main features cft3 value': 'bathrooms',
    'main features cft4 value': 'half_bathrooms', 'main features cft5 value': 'age', 'main features cft7 value': 'parking_spots',
    'real estate type name': 'property_type', 'posting location address name': 'address',
    'posting location location name': 'colonia', 'posting location location parent name': 'municipality',
    'posting location location parent parent name': 'state',
    'posting location posting geolocation geolocation latitude': 'lat',
    'posting location posting geolocation geolocation longitude': 'lng',
    'publisher publisher id': null, 'publisher name': null,
    status: 'op_type', price: 'price', 'currency price': 'currency', expenses: 'maintenance_fee', 'currency expenses': null,
    'm2 total': 'land_area_m2', 'm2 covered': 'construction_area_m2', room: null, bedroom: 'rooms', bathroom: 'bathrooms',
    antiquity: 'age', garage: 'parking_spots', 'publisher id': null, type: 'property_type', 'geo latitude': 'lat',
    'geo longitude': 'lng',
  },
};

/** The portal layouts, most specific first. */
export const PORTAL_LAYOUTS: readonly PortalLayout[] = [EASYBROKER, MERCADOLIBRE, INMUEBLES24, LAMUDI, VIVANUNCIOS];

/** The portal layout whose signature headers are all in `header` (any spelling normalizeHeader folds), or null. */
export function findPortalLayout(header: readonly string[]): PortalLayout | null {
  const present = new Set(header.map(normalizeHeader));
  return PORTAL_LAYOUTS.find((layout) => layout.signatures.some((set) => set.every((h) => present.has(h)))) ?? null;
}
