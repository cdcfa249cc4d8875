import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Database, DB } from '@nj/db';

export type FixtureProperty = Partial<Insertable<DB['properties']>> & { lat: number; lng: number };

/**
 * Inserts listings for tests with sensible defaults (an apartment for rent at MXN 20,000 in Guadalajara) and
 * returns the inserted rows' puid, nj_uid and slug in input order. Each row gets a random uid unless given.
 */
export async function insertTestProperties(database: Database, rows: FixtureProperty[]): Promise<{ puid: string; nj_uid: string; slug: string }[]> {
  const values = rows.map((r) => {
    const hex = randomBytes(5).toString('hex');
    const isVenta = r.is_venta ?? false;
    const isRenta = r.is_renta ?? !isVenta;
    return {
      puid: `p_${hex}`,
      nj_uid: hex,
      slug: `departamento-en-renta-en-prueba-${hex}`,
      source: 'test',
      source_id: hex,
      title: 'Departamento en renta en Providencia, Guadalajara',
      property_type: 'apartment',
      neighborhood: 'Providencia',
      municipality: 'Guadalajara',
      state: 'Jalisco',
      rent_price: isRenta ? 20_000 : null,
      sale_price: isVenta ? 4_500_000 : null,
      ...r,
      is_renta: isRenta,
      is_venta: isVenta,
      images: r.images ?? '[]',
    };
  });
  if (values.length) await database.db.insertInto('properties').values(values).execute();
  return values.map((v) => ({ puid: v.puid, nj_uid: v.nj_uid, slug: v.slug }));
}
