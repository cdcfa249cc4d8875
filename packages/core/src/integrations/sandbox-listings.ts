import { createHash } from 'node:crypto';

/**
 * Colonias of Guadalajara/Zapopan, Mexico City and Monterrey that the demo data is densest in, with a point inside
 * each (degrees) and the monthly rent and sale price per m² (MXN) its demo listings cluster around: the sandbox
 * providers' listings are built from them, so what a sandbox pull publishes looks like the rest of the catalogue. The square of JITTER_DEG
 * around each point lies inside the named municipality's INEGI outline (a place page shows only its own).
 */
export const SANDBOX_PLACES = [
  { colonia: 'Providencia', municipality: 'Guadalajara', state: 'Jalisco', cp: '44630', lat: 20.6936, lng: -103.3906, rentM2: 210, saleM2: 38_000 },
  { colonia: 'Chapalita', municipality: 'Guadalajara', state: 'Jalisco', cp: '44500', lat: 20.6682, lng: -103.3943, rentM2: 180, saleM2: 33_000 },
  { colonia: 'Americana', municipality: 'Guadalajara', state: 'Jalisco', cp: '44160', lat: 20.6731, lng: -103.3697, rentM2: 230, saleM2: 40_000 },
  { colonia: 'Puerta de Hierro', municipality: 'Zapopan', state: 'Jalisco', cp: '45116', lat: 20.7088, lng: -103.4155, rentM2: 260, saleM2: 52_000 },
  { colonia: 'Roma Norte', municipality: 'Cuauhtémoc', state: 'Ciudad de México', cp: '06700', lat: 19.4177, lng: -99.1616, rentM2: 330, saleM2: 62_000 },
  { colonia: 'Condesa', municipality: 'Cuauhtémoc', state: 'Ciudad de México', cp: '06140', lat: 19.4123, lng: -99.1722, rentM2: 340, saleM2: 65_000 },
  { colonia: 'Del Valle Centro', municipality: 'Benito Juárez', state: 'Ciudad de México', cp: '03100', lat: 19.3856, lng: -99.1662, rentM2: 280, saleM2: 55_000 },
  { colonia: 'Narvarte Poniente', municipality: 'Benito Juárez', state: 'Ciudad de México', cp: '03020', lat: 19.3961, lng: -99.1551, rentM2: 260, saleM2: 50_000 },
  { colonia: 'Polanco V Sección', municipality: 'Miguel Hidalgo', state: 'Ciudad de México', cp: '11560', lat: 19.4326, lng: -99.1946, rentM2: 420, saleM2: 85_000 },
  { colonia: 'Del Valle', municipality: 'San Pedro Garza García', state: 'Nuevo León', cp: '66220', lat: 25.6560, lng: -100.3650, rentM2: 300, saleM2: 58_000 },
  { colonia: 'Cumbres 2do Sector', municipality: 'Monterrey', state: 'Nuevo León', cp: '64610', lat: 25.7302, lng: -100.3953, rentM2: 170, saleM2: 30_000 },
  { colonia: 'Obispado', municipality: 'Monterrey', state: 'Nuevo León', cp: '64060', lat: 25.6743, lng: -100.3386, rentM2: 220, saleM2: 42_000 },
] as const;

/** Width (degrees) of the square around a place's point its listings are spread over. */
export const JITTER_DEG = 0.012;

const STREETS = ['Av. de las Américas', 'Calle Colima', 'Av. Vallarta', 'Calle Durango', 'Av. Insurgentes Sur', 'Calle Tabasco', 'Av. Hidalgo', 'Calle Morelos', 'Av. Constitución', 'Calle Zaragoza'];
const KINDS = [
  { eb: 'Departamento', reso: ['Residential', 'Condominium'], area: [55, 140], rooms: [1, 3] },
  { eb: 'Casa', reso: ['Residential', 'Single Family Residence'], area: [120, 320], rooms: [2, 5] },
  { eb: 'Casa en condominio', reso: ['Residential', 'Townhouse'], area: [110, 240], rooms: [2, 4] },
  { eb: 'Oficina', reso: ['Commercial Sale', 'Office'], area: [40, 200], rooms: [0, 0] },
  { eb: 'Local comercial', reso: ['Commercial Sale', 'Retail'], area: [35, 180], rooms: [0, 0] },
] as const;

/** A listing of a sandbox account, in neutral terms both fakes render in their provider's shape. */
export type SandboxListing = {
  id: string; kind: (typeof KINDS)[number]; place: (typeof SANDBOX_PLACES)[number]; street: string; number: string;
  lat: number; lng: number; rent: boolean; price: number; area: number; lot: number; rooms: number; bathrooms: number;
  parking: number; age: number; commissionPercent: number; createdAt: string; updatedAt: string;
};

/** Listings per sandbox account. */
export const SANDBOX_LISTINGS = 24;

/**
 * The stable listings of one sandbox account: the same credentials always give the same 24 listings (ids, prices,
 * points), so a second pull updates nothing and a dry run matches the pull after it. `prefix` starts the ids
 * ('EB-' EasyBroker-like public ids, 'KW-' listing keys). Dates are fixed in 2026, one day apart.
 */
export function sandboxListings(account: string, prefix: string): SandboxListing[] {
  const seed = createHash('sha256').update(account).digest();
  const r = (i: number, k: number) => seed[(i * 7 + k) % seed.length]! / 255;
  const tag = seed.subarray(0, 2).toString('hex').toUpperCase();
  return Array.from({ length: SANDBOX_LISTINGS }, (_, i) => {
    const place = SANDBOX_PLACES[(i + seed[0]!) % SANDBOX_PLACES.length]!;
    const kind = KINDS[(i * 3 + seed[1]!) % KINDS.length]!;
    const rent = (i + seed[2]!) % 3 !== 0;
    const area = Math.round(kind.area[0] + r(i, 1) * (kind.area[1] - kind.area[0]));
    const rooms = kind.rooms[1] === 0 ? 0 : kind.rooms[0] + Math.floor(r(i, 2) * (kind.rooms[1] - kind.rooms[0] + 1));
    const perM2 = rent ? place.rentM2 : place.saleM2;
    const price = Math.round((area * perM2 * (0.85 + r(i, 3) * 0.3)) / (rent ? 500 : 50_000)) * (rent ? 500 : 50_000);
    const day = String(1 + (i % 28)).padStart(2, '0');
    return {
      id: `${prefix}${tag}${String(i + 1).padStart(3, '0')}`,
      kind, place, rent, price, area, rooms,
      street: STREETS[(i + seed[3]!) % STREETS.length]!,
      number: String(100 + Math.floor(r(i, 4) * 2800)),
      lat: Math.round((place.lat + (r(i, 5) - 0.5) * JITTER_DEG) * 1e6) / 1e6,
      lng: Math.round((place.lng + (r(i, 6) - 0.5) * JITTER_DEG) * 1e6) / 1e6,
      lot: kind.eb === 'Casa' ? Math.round(area * 1.3) : 0,
      bathrooms: Math.max(1, Math.ceil(rooms / 2)),
      parking: kind.eb === 'Local comercial' ? 0 : 1 + (i % 2),
      age: Math.floor(r(i, 7) * 25),
      commissionPercent: rent ? 0 : 3 + (i % 3),
      createdAt: `2026-0${1 + (i % 9)}-${day}T16:00:00Z`,
      updatedAt: `2026-10-${day}T18:30:00Z`,
    };
  });
}
