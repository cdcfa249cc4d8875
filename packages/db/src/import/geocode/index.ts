export { loadGeocoder } from './load-geocoder.ts';
export { buildGeocoder, COLONIA_SIMILARITY, type AddressParts, type Geocoder, type GeocodedPoint, type GeocoderPlaceRow } from './locate.ts';
