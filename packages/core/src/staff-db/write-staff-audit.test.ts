import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type Database } from '@nj/db';
import { writeStaffAudit } from './write-staff-audit.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function rowById(id: string) {
  const r = await sql<Record<string, unknown>>`SELECT * FROM staff_audit_log WHERE id = ${id}`.execute(database.db);
  return r.rows[0];
}


describe('writeStaffAudit (the append-only staff audit log, migration 041)', () => {
  it('writes who, table, key, column, old and new value, reason and ticket; undefined values are SQL NULL', async () => {
    const id = await writeStaffAudit(database, {
      actorCuid: 'staff-1', action: 'write', rtable: 'clients', rkey: 'c-1', rcolumn: 'nickname',
      oldValue: 'viejo', newValue: 'nuevo', reason: 'Corrección pedida por el cliente', tuid: 't-1',
    });
    const row = await rowById(id);
    expect(row).toMatchObject({ actor_cuid: 'staff-1', action: 'write', rtable: 'clients', rkey: 'c-1', rcolumn: 'nickname', reason: 'Corrección pedida por el cliente', tuid: 't-1' });
    expect(row!.old_value).toBe('viejo');
    expect(row!.new_value).toBe('nuevo');
    expect(row!.created_at).toBeInstanceOf(Date);

    const other = await rowById(await writeStaffAudit(database, { actorCuid: 'staff-1', action: 'grab', rtable: 'tickets', rkey: 't-1' }));
    expect(other).toMatchObject({ rcolumn: null, old_value: null, new_value: null, reason: null, tuid: null });
    const nulls = await rowById(await writeStaffAudit(database, { actorCuid: 's', action: 'write', rtable: 'properties', rkey: 'p', rcolumn: 'price', oldValue: null, newValue: 1500.5 }));
    expect(nulls!.old_value).toBeNull();
    expect(nulls!.new_value).toBe(1500.5);
  });

  it('is rolled back with the transaction it was written in', async () => {
    const before = await sql<{ n: string }>`SELECT count(*) AS n FROM staff_audit_log`.execute(database.db);
    await expect(database.db.transaction().execute(async (trx) => {
      await writeStaffAudit(trx, { actorCuid: 's', action: 'note', rtable: 'clients', rkey: 'c' });
      throw new Error('later step failed');
    })).rejects.toThrow('later step failed');
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM staff_audit_log`.execute(database.db);
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
  });

  it('refuses UPDATE, DELETE and TRUNCATE (the triggers)', async () => {
    const id = await writeStaffAudit(database, { actorCuid: 'staff-2', action: 'write', rtable: 'clients', rkey: 'c-2', rcolumn: 'bio', oldValue: 'a', newValue: 'b', reason: 'Motivo suficientemente largo' });
    await expect(sql`UPDATE staff_audit_log SET reason = 'cambiado' WHERE id = ${id}`.execute(database.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM staff_audit_log WHERE id = ${id}`.execute(database.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE staff_audit_log`.execute(database.db)).rejects.toThrow(/append-only/);
    expect(await rowById(id)).toMatchObject({ reason: 'Motivo suficientemente largo', rkey: 'c-2' });
  });
});
