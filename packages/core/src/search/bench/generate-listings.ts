import { AMENITY_FLAGS } from '@nj/contracts';

/**
 * Synthetic listings for the search benchmark, spread like the real ones: dense around the metros (CDMX,
 * Guadalajara, Monterrey, Puebla, Querétaro, Mérida, Cancún, Tijuana, …) with a normal spread of a few km, and a
 * sparse share spread widely around every city. Deterministic for a seed. Prices MXN (3% USD), dates over 3 years.
 */
export const METROS: [name: string, lat: number, lng: number, weight: number, sigmaKm: number][] = [
  ['CDMX', 19.4326, -99.1332, 25, 12], ['Guadalajara', 20.6597, -103.3496, 14, 9], ['Monterrey', 25.6866, -100.3161, 12, 10],
  ['Puebla', 19.0414, -98.2063, 5, 6], ['Querétaro', 20.5888, -100.3899, 5, 6], ['Mérida', 20.9674, -89.5926, 4, 6],
  ['Cancún', 21.1619, -86.8515, 4, 5], ['Tijuana', 32.5149, -117.0382, 4, 7], ['León', 21.125, -101.686, 3, 5],
  ['Toluca', 19.2826, -99.6557, 2.5, 5], ['Aguascalientes', 21.8853, -102.2916, 1.5, 4], ['San Luis Potosí', 22.1565, -100.9855, 1.5, 4],
  ['Chihuahua', 28.6353, -106.0889, 1.5, 5], ['Hermosillo', 29.0729, -110.9559, 1.5, 5], ['Culiacán', 24.8091, -107.394, 1, 4],
  ['Mazatlán', 23.2494, -106.4111, 1, 3], ['Puerto Vallarta', 20.6534, -105.2253, 1.5, 4], ['Morelia', 19.706, -101.195, 1.5, 4],
  ['Cuernavaca', 18.9242, -99.2216, 1.5, 4], ['Veracruz', 19.1738, -96.1342, 1.5, 4], ['Oaxaca', 17.0732, -96.7266, 0.8, 3],
  ['Acapulco', 16.8531, -99.8237, 1, 4], ['Villahermosa', 17.9895, -92.9475, 0.8, 3], ['Tuxtla Gutiérrez', 16.7516, -93.1161, 0.6, 3],
  ['Saltillo', 25.4232, -100.9963, 1, 4], ['Torreón', 25.5428, -103.4068, 1, 4], ['Playa del Carmen', 20.6296, -87.0739, 1.5, 3],
  ['Los Cabos', 22.8905, -109.9167, 1, 4], ['La Paz', 24.1426, -110.3128, 0.5, 3], ['Mexicali', 32.6245, -115.4523, 1, 4],
  ['Ciudad Juárez', 31.6904, -106.4245, 1.5, 5], ['Durango', 24.0277, -104.6532, 0.5, 3], ['Zacatecas', 22.7709, -102.5833, 0.4, 3],
  ['Tepic', 21.5042, -104.8946, 0.4, 3], ['Colima', 19.2433, -103.725, 0.4, 3], ['Pachuca', 20.1011, -98.7591, 0.8, 3],
  ['Xalapa', 19.5438, -96.9102, 0.6, 3], ['Campeche', 19.8301, -90.5349, 0.3, 3], ['Chetumal', 18.5001, -88.2961, 0.3, 3],
  ['Tampico', 22.2331, -97.8611, 0.7, 3], ['Reynosa', 26.0508, -98.2979, 0.6, 3], ['Matamoros', 25.869, -97.5027, 0.4, 3],
  ['Nuevo Laredo', 27.4779, -99.5496, 0.4, 3], ['Ensenada', 31.8667, -116.5964, 0.5, 3],
];
/** Share of listings spread widely (σ 60 km) around any city instead of its centre. */
const SPARSE_SHARE = 0.08;

const TYPES: [string, number][] = [
  ['apartment', 45], ['house', 35], ['land', 8], ['local_comercial', 4], ['oficina', 3], ['bodega_comercial', 2],
  ['casa_con_uso_de_suelo', 1], ['edificio', 0.5], ['nave_industrial', 0.5], ['terreno_comercial', 0.5], ['ranch', 0.3], ['otro', 0.2],
];
const POPULAR_AMENITIES = AMENITY_FLAGS.slice(0, 24);

/** mulberry32: a small seeded PRNG (0..1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gauss(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

function pickWeighted<T>(items: [T, number][], rand: () => number): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [v, w] of items) {
    r -= w;
    if (r <= 0) return v;
  }
  return items[items.length - 1]![0];
}

const metroItems: [number, number][] = METROS.map((m, i) => [i, m[3]]);

/** A point (degrees) drawn like the listings: mostly near a metro's centre, some spread widely. */
export function randomPoint(rand: () => number): { lat: number; lng: number } {
  const m = METROS[pickWeighted(metroItems, rand)]!;
  const sigmaKm = rand() < SPARSE_SHARE ? 60 : m[4];
  const lat = Math.max(14.6, Math.min(32.6, m[1] + (gauss(rand) * sigmaKm) / 111));
  const lng = Math.max(-117.2, Math.min(-86.8, m[2] + (gauss(rand) * sigmaKm) / (111 * Math.cos((m[1] * Math.PI) / 180))));
  return { lat, lng };
}

export type BenchColumns = {
  puid: string[]; nj_uid: string[]; slug: string[]; source_id: string[]; title: string[]; property_type: string[];
  is_renta: boolean[]; is_venta: boolean[]; is_active: boolean[];
  rent_price: (number | null)[]; rent_currency: string[]; sale_price: (number | null)[]; sale_currency: string[];
  lat: number[]; lng: number[]; rooms: (number | null)[]; bathrooms: (number | null)[]; parking_spots: (number | null)[];
  construction_area: (number | null)[]; amenities: string[]; published_at: string[]; neighborhood: string[]; municipality: string[];
};

/** Listings [from, from + count) of the synthetic set, as column arrays ready for an unnest insert. */
export function generateListings(from: number, count: number, seed = 20_240_601): BenchColumns {
  const c: BenchColumns = {
    puid: [], nj_uid: [], slug: [], source_id: [], title: [], property_type: [], is_renta: [], is_venta: [], is_active: [],
    rent_price: [], rent_currency: [], sale_price: [], sale_currency: [], lat: [], lng: [], rooms: [], bathrooms: [],
    parking_spots: [], construction_area: [], amenities: [], published_at: [], neighborhood: [], municipality: [],
  };
  const now = Date.UTC(2025, 5, 1);
  for (let i = from; i < from + count; i++) {
    const rand = prng(seed ^ Math.imul(i + 1, 0x9e3779b1));
    const hex = (0x1000000000 + i).toString(16);
    const type = pickWeighted(TYPES, rand);
    const op = rand();
    const isRenta = op < 0.4;
    const isVenta = op >= 0.35;
    const usd = rand() < 0.03;
    const residential = type === 'apartment' || type === 'house' || type === 'casa_con_uso_de_suelo';
    const rent = isRenta ? Math.round(Math.exp(Math.log(18_000) + gauss(rand) * 0.6) / 100) * 100 : null;
    const sale = isVenta ? Math.round(Math.exp(Math.log(3_500_000) + gauss(rand) * 0.8) / 1000) * 1000 : null;
    const p = randomPoint(rand);
    const amen: string[] = [];
    for (const a of POPULAR_AMENITIES) if (rand() < 0.12) amen.push(a);
    c.puid.push(`p_b${hex}`);
    c.nj_uid.push(hex);
    c.slug.push(`${type}-bench-${hex}`);
    c.source_id.push(hex);
    c.title.push(`Propiedad de prueba ${hex}`);
    c.property_type.push(type);
    c.is_renta.push(isRenta);
    c.is_venta.push(isVenta);
    c.is_active.push(rand() < 0.95);
    c.rent_price.push(rent === null ? null : usd ? Math.round(rent / 18.5) : rent);
    c.rent_currency.push(usd ? 'usd' : 'mxn');
    c.sale_price.push(sale === null ? null : usd ? Math.round(sale / 18.5) : sale);
    c.sale_currency.push(usd ? 'usd' : 'mxn');
    c.lat.push(p.lat);
    c.lng.push(p.lng);
    c.rooms.push(residential ? 1 + Math.floor(rand() * 5) : null);
    c.bathrooms.push(residential ? 1 + Math.floor(rand() * 4) : null);
    c.parking_spots.push(type === 'land' ? null : Math.floor(rand() * 4));
    c.construction_area.push(type === 'land' ? null : Math.round(40 + rand() * 300));
    c.amenities.push(`{${amen.join(',')}}`);
    c.published_at.push(new Date(now - Math.floor(rand() * 3 * 365 * 86_400_000)).toISOString());
    c.neighborhood.push('Colonia de prueba');
    c.municipality.push('Municipio de prueba');
  }
  return c;
}
