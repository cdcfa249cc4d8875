import type { AmenityFlag, AttributeField, PropertyType } from './vocabularies.ts';
import { COMMON_MESSAGES } from '../common/messages.ts';
import { LIKES_MESSAGES } from '../likes/messages.ts';

/**
 * Spanish labels of the property catalogue shown on cards and detail pages (spec 01 §3). Where the spec names a
 * field but not its wording, these are the words a Mexican portal uses.
 */
export const AMENITY_LABELS: Record<AmenityFlag, string> = {
  is_amueblada: 'Amueblada', pet_friendly: 'Se aceptan mascotas', pool: 'Alberca', parking: 'Estacionamiento',
  is_condo: 'En condominio', jacuzzi: 'Jacuzzi', bathtub: 'Tina', integral_kitchen: 'Cocina integral',
  aircon: 'Aire acondicionado', coworking: 'Coworking', carbon_monoxide_alarm: 'Detector de monóxido de carbono',
  smoke_alarm: 'Detector de humo', fire_extinguisher: 'Extintor', step_free_entryway: 'Entrada sin escalones',
  accessibility_features: 'Accesibilidad para personas con discapacidad', gym: 'Gimnasio', rooftop_terrace: 'Roof garden',
  multiple_uses_terrace: 'Terraza de usos múltiples', lobby: 'Lobby', outdoor_bbq_area: 'Área de asadores',
  concierge: 'Conserjería', security_247: 'Seguridad 24/7', delivery_zone: 'Zona de paquetería', pet_park: 'Parque para mascotas',
  covered_parking: 'Estacionamiento techado', bike_parking: 'Estacionamiento para bicicletas', storage_unit: 'Bodega',
  ev_charging_stations: 'Cargadores para autos eléctricos', clubhouse: 'Casa club', laundry_facilities: 'Lavandería',
  business_center: 'Business center', sauna: 'Sauna', soccer_court: 'Cancha de fútbol', tennis_court: 'Cancha de tenis',
  padel_court: 'Cancha de pádel', ping_pong_table: 'Mesa de ping pong', kids_playground: 'Juegos infantiles',
  guests_parking: 'Estacionamiento de visitas', wifi_common_areas: 'Wifi en áreas comunes', private_balcony: 'Balcón privado',
  private_patio: 'Patio privado', controlled_access_entry: 'Acceso controlado', granite_countertops: 'Cubiertas de granito',
  stainless_steel_appliances: 'Electrodomésticos de acero inoxidable', hardwood_floors: 'Pisos de madera',
  walk_in_closets: 'Vestidor', smart_home: 'Casa inteligente', washing_room: 'Cuarto de lavado', green_areas: 'Áreas verdes',
  service_room: 'Cuarto de servicio', garden: 'Jardín',
};

/** Labels of the attribute fields (spec 01 §3 "Attribute fields"). */
export const ATTRIBUTE_LABELS: Record<AttributeField, string> = {
  rooms: 'Recámaras', bathrooms: 'Baños', half_bathrooms: 'Medios baños', parking_spots: 'Estacionamientos',
  construction_area: 'Construcción', land: 'Terreno', construction_year: 'Año de construcción', floors: 'Plantas',
  apt_floors: 'Piso', monthly_maintenance_fee: 'Mantenimiento mensual',
};

/** Construction-year options (spec 01 §3): building, first_use, then years. */
export const CONSTRUCTION_YEAR_LABELS: Record<string, string> = { building: 'En construcción', first_use: 'A estrenar' };

/**
 * The label of a shown construction_year (stored 'building' | 'first_use' | 'YYYY'): a year reads 'Año de
 * construcción: 2004' (ATTRIBUTE_LABELS); 'En construcción' and 'A estrenar' describe the age: 'Antigüedad: A estrenar'.
 */
export function constructionYearLabel(value: string): string {
  return /^\d{1,4}$/.test(value) ? ATTRIBUTE_LABELS.construction_year : 'Antigüedad';
}

/** 'en venta' / 'en renta' as titles use them ('Tipo en venta/renta en {place}', spec 01 §2). */
export const OPERATION_LABELS = { rent: 'en renta', sale: 'en venta', both: 'en renta y venta' } as const;

/** Texts of cards and the detail page. */
export const PROPERTY_MESSAGES = {
  likeLoginRequired: COMMON_MESSAGES.loginRequired,
  like: LIKES_MESSAGES.like,
  propertyNumber: (njUid: string) => `NJ-${njUid.toUpperCase()}`,
  propertyNumberLabel: 'Número de propiedad',
  priceBasis: 'Precio',
  description: 'Descripción',
  features: 'Características',
  amenities: 'Amenidades',
  location: 'Ubicación',
  mapOf: (place: string) => `Mapa de la ubicación en ${place}`,
  // Issue 10 (geocoder): listings whose point is the centre of their colonia, postal code or city.
  approximateLocation: 'Ubicación aproximada',
  approximateAreaOf: (area: string) => `Ubicación aproximada: el área sombreada del mapa es ${area}, no el domicilio exacto.`,
  approximateArea: { colonia: 'la colonia', postal_code: 'el código postal', locality: 'la localidad', municipality: 'el municipio' },
  approximatePinLabel: (price: string) => `${price}, ubicación aproximada`,
  noImage: 'Sin fotos por ahora',
  photoOf: (title: string, n: number) => `${title}, foto ${n}`,
  openDetail: (title: string) => `${title} (se abre en una pestaña nueva)`,
  maintenance: (amount: string) => `Mantenimiento ${amount} al mes`,
  forRent: 'Renta',
  forSale: 'Venta',
  publishedOn: (date: string) => `Publicada el ${date}`,
  backToSearch: 'Ver más propiedades en la zona',
  inactive: 'Esta propiedad ya no está disponible.',
  rooms: (n: number) => `${n} ${n === 1 ? 'recámara' : 'recámaras'}`,
  bathrooms: (n: number) => `${n} ${n === 1 ? 'baño' : 'baños'}`,
  halfBathrooms: (n: number) => `${n} ${n === 1 ? 'medio baño' : 'medios baños'}`,
  parking: (n: number) => `${n} ${n === 1 ? 'estacionamiento' : 'estacionamientos'}`,
  area: (m2: string) => `${m2} m²`,
  builtArea: (m2: string) => `${m2} m² construidos`,
  landArea: (value: string, unit: 'm2' | 'ha') => `${value} ${unit === 'ha' ? 'ha' : 'm²'} de terreno`,
  floor: (floor: number, total: number | null) => (total ? `Piso ${floor} de ${total}` : `Piso ${floor}`),
  floors: (n: number) => `${n} ${n === 1 ? 'planta' : 'plantas'}`,
} as const;

/**
 * A description built from the facts when a listing has none (imports keep facts only, no third-party prose).
 * Example: 'Departamento en renta en Providencia, Guadalajara, Jalisco. Cuenta con 2 recámaras, 2 baños y 1
 * estacionamiento; 95 m² construidos. Amenidades: Alberca, Gimnasio.'
 */
export function describeFromFacts(input: {
  typeLabel: string;
  operation: string;
  place: string;
  rooms: number | null;
  bathrooms: number | null;
  parking: number | null;
  builtArea: string | null;
  landArea: string | null;
  amenities: string[];
}): string {
  const parts: string[] = [];
  if (input.rooms && input.rooms > 0) parts.push(PROPERTY_MESSAGES.rooms(input.rooms));
  if (input.bathrooms && input.bathrooms > 0) parts.push(PROPERTY_MESSAGES.bathrooms(input.bathrooms));
  if (input.parking && input.parking > 0) parts.push(PROPERTY_MESSAGES.parking(input.parking));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}` : (parts[0] ?? '');
  const areas = [input.builtArea ? `${input.builtArea} m² construidos` : null, input.landArea ? `${input.landArea} de terreno` : null]
    .filter(Boolean)
    .join(' y ');
  let text = `${input.typeLabel} ${input.operation}${input.place ? ` en ${input.place}` : ''}.`;
  if (list && areas) text += ` Cuenta con ${list}; ${areas}.`;
  else if (list) text += ` Cuenta con ${list}.`;
  else if (areas) text += ` Superficie: ${areas}.`;
  if (input.amenities.length) text += ` Amenidades: ${input.amenities.join(', ')}.`;
  return text;
}

export type { PropertyType };
