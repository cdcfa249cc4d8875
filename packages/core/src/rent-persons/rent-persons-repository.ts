import { sql } from 'kysely';
import type { Database } from '@nj/db';

/** One person's row as stored (identifiers still sealed; birthdate as 'YYYY-MM-DD'). */
export type RentPersonRow = {
  ruid: string; role: 'renter' | 'second_renter' | 'aval'; cuid: string | null;
  first_name: string | null; middle_names: string | null; first_last_name: string | null; other_last_names: string | null;
  birthdate: string | null; ocupation: string | null; civil_status: 'soltero' | 'casado' | null; birthplace: string | null;
  birthplace_state: string | null; lsex: 'male' | 'female' | null;
  curp_sealed: string | null; rfc_sealed: string | null; idmex_sealed: string | null;
};
/** The columns one update may write (identifiers already sealed). */
export type RentPersonColumn = Exclude<keyof RentPersonRow, 'ruid' | 'role' | 'cuid'>;

/** SQL of the people of a rent (table rent_persons, migration 027). */
export const rentPersonsRepository = {
  /** Every stored person of rent `ruid`. */
  async list(database: Database, ruid: string): Promise<RentPersonRow[]> {
    const result = await sql<RentPersonRow>`
      SELECT ruid, role, cuid, first_name, middle_names, first_last_name, other_last_names, to_char(birthdate, 'YYYY-MM-DD') AS birthdate,
             ocupation, civil_status, birthplace, birthplace_state, lsex, curp_sealed, rfc_sealed, idmex_sealed
      FROM rent_persons WHERE ruid = ${ruid} ORDER BY role`.execute(database.db);
    return result.rows;
  },

  /** Writes one column of the person `role` of rent `ruid` (creating the row), recording who filled it in. */
  async setColumn(database: Database, key: { ruid: string; role: RentPersonRow['role']; cuid: string }, column: RentPersonColumn, value: string | null): Promise<void> {
    await database.db.insertInto('rent_persons').values({ ruid: key.ruid, role: key.role, cuid: key.cuid, [column]: value } as never)
      .onConflict((oc) => oc.columns(['ruid', 'role']).doUpdateSet({ [column]: value, cuid: key.cuid, updated_at: sql`now()` } as never))
      .execute();
  },
};
