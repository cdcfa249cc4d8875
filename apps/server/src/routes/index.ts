import type { RouteRegistration } from './define-route.ts';
import getHealth from './health/get-health.ts';
import searchProperties from './properties/search-properties.ts';
import getProperty from './properties/get-property.ts';
import placesAutocomplete from './places/autocomplete.ts';
import getPlace from './places/get-place.ts';
import getMapStyle from './map/get-map-style.ts';
import getBoundaries from './map/get-boundaries.ts';

/** Every API endpoint file, registered in app.ts. Add new endpoint files here. */
export const routes: RouteRegistration[] = [getHealth, searchProperties, getProperty, placesAutocomplete, getPlace, getMapStyle, getBoundaries];
