import { sql } from 'kysely';
import type { Database } from '@nj/db';
import type { AvalType, InvitationStatus } from '@nj/contracts';
import { newId } from '../rents/rents-repository.ts';

/** One invitation row (table rent_invitations, migration 032) with the rent it belongs to. */
export type InvitationRow = {
  iuid: string; ruid: string; role: 'aval' | 'second_renter'; atype: AvalType | null; email: string | null; cuid: string | null;
  status: InvitationStatus; is_approved: boolean | null; is_os_confirmed: boolean; is_os_approved: boolean | null;
  approved_before: boolean; guarantee_address: string | null; guarantee_neighborhood: string | null; guarantee_city: string | null;
  guarantee_municipality: string | null; guarantee_state: string | null; guarantee_cp: string | null;
  insurer: string | null; insurer_reference: string | null; insurer_premium: number | null;
  /** The accepted aval uploaded the guarantee property's deed or predial. */
  has_guarantee_document: boolean;
  /** The account the invitation is for: the one that answered, else the signed-up account with the invited e-mail (verified). */
  invitee_cuid: string | null;
};
/** An invitation with its rent's details, as the invitee's lists show it. */
export type InvitationWithRent = InvitationRow & {
  puid: string; step: string; price: number | null; maintenance_fee: number | null; warranty_deposit: number; rent_type: 'solo' | 'joint';
  renter_cuid: string; owner_cuid: string; renter_nickname: string | null; addr: string | null;
};

/** See rentInvitationsRepository.context. */
export type RentContext = {
  renter_email: string | null; owner_email: string | null; renter_nickname: string | null; price: number | null; maintenance_fee: number;
  addr: string | null; street: string | null; city: string | null; state: string | null; zip: string | null;
  first_name: string | null; first_last_name: string | null; birthdate: string | null;
};

const COLUMNS = sql`i.iuid, i.ruid, i.role, i.atype, i.email, i.cuid, i.status, i.is_approved, i.is_os_confirmed, i.is_os_approved,
  i.approved_before, i.guarantee_address, i.guarantee_neighborhood, i.guarantee_city, i.guarantee_municipality, i.guarantee_state,
  i.guarantee_cp, i.insurer, i.insurer_reference, i.insurer_premium::float8 AS insurer_premium,
  EXISTS (SELECT 1 FROM person_documents d WHERE d.ruid = i.ruid AND d.role = 'aval' AND d.kind = 'guarantee_deed' AND i.role = 'aval'
    AND i.status = 'accepted') AS has_guarantee_document,
  coalesce(i.cuid, (SELECT c.cuid FROM clients c WHERE i.email IS NOT NULL AND lower(c.email) = i.email AND c.is_email_verified
    AND NOT c.is_anonymous ORDER BY c.created_at LIMIT 1)) AS invitee_cuid`;
const RENT_COLUMNS = sql`r.puid, r.step, r.price::float8 AS price, r.maintenance_fee::float8 AS maintenance_fee, r.warranty_deposit, r.rent_type,
  r.renter_cuid, r.owner_cuid, rc.nickname AS renter_nickname,
  nullif(concat_ws(', ', nullif(concat_ws(' ', p.street, p.number_ext), ''), nullif(p.neighborhood, ''), nullif(p.municipality, '')), '') AS addr`;

/** SQL of the people a tenant names in a rent (guarantor, second renter). */
export const rentInvitationsRepository = {
  /** The current (pending or accepted) invitation of `role` in rent `ruid`, if any. */
  async findCurrent(database: Database, ruid: string, role: 'aval' | 'second_renter'): Promise<InvitationRow | undefined> {
    const r = await sql<InvitationRow>`SELECT ${COLUMNS} FROM rent_invitations i
      WHERE i.ruid = ${ruid} AND i.role = ${role} AND i.status IN ('pending', 'accepted')`.execute(database.db);
    return r.rows[0];
  },

  /** The newest invitation of `role` in rent `ruid` that was not replaced (a rejected one included), if any. */
  async findLatest(database: Database, ruid: string, role: 'aval' | 'second_renter'): Promise<InvitationRow | undefined> {
    const r = await sql<InvitationRow>`SELECT ${COLUMNS} FROM rent_invitations i
      WHERE i.ruid = ${ruid} AND i.role = ${role} AND i.status <> 'replaced' ORDER BY i.created_at DESC, i.iuid LIMIT 1`.execute(database.db);
    return r.rows[0];
  },

  /** One invitation by id with its rent, if any. */
  async findWithRent(database: Database, iuid: string): Promise<InvitationWithRent | undefined> {
    const r = await sql<InvitationWithRent>`SELECT ${COLUMNS}, ${RENT_COLUMNS} FROM rent_invitations i
      JOIN rents r ON r.ruid = i.ruid JOIN properties p ON p.puid = r.puid JOIN clients rc ON rc.cuid = r.renter_cuid
      WHERE i.iuid = ${iuid}`.execute(database.db);
    return r.rows[0];
  },

  /**
   * The invitations of `role` addressed to client `cuid` (answered by them, or pending for their verified e-mail),
   * not replaced, newest first (at most 100).
   */
  async listForInvitee(database: Database, cuid: string, role: 'aval' | 'second_renter'): Promise<InvitationWithRent[]> {
    const r = await sql<InvitationWithRent>`SELECT ${COLUMNS}, ${RENT_COLUMNS} FROM rent_invitations i
      JOIN rents r ON r.ruid = i.ruid JOIN properties p ON p.puid = r.puid JOIN clients rc ON rc.cuid = r.renter_cuid
      WHERE i.role = ${role} AND i.status <> 'replaced' AND (i.cuid = ${cuid} OR (i.cuid IS NULL AND i.email = (
        SELECT lower(c.email) FROM clients c WHERE c.cuid = ${cuid} AND c.is_email_verified AND NOT c.is_anonymous)))
      ORDER BY i.created_at DESC, i.iuid LIMIT 100`.execute(database.db);
    return r.rows;
  },

  /** How many invitations (any role, insurer requests included) the renter `renterCuid` made in the last 24 hours. */
  async countRecentByRenter(database: Database, renterCuid: string): Promise<number> {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM rent_invitations i JOIN rents r ON r.ruid = i.ruid
      WHERE r.renter_cuid = ${renterCuid} AND i.created_at > now() - interval '24 hours'`.execute(database.db);
    return Number(r.rows[0]?.n ?? 0);
  },

  /** True when `email` was approved as a guarantor (atype aval or obligado) in any rent before. */
  async wasApprovedBefore(database: Database, email: string): Promise<boolean> {
    const r = await sql<{ n: number }>`SELECT 1 AS n FROM rent_invitations i LEFT JOIN clients c ON c.cuid = i.cuid
      WHERE i.role = 'aval' AND i.is_approved = true AND (i.email = ${email} OR lower(c.email) = ${email}) LIMIT 1`.execute(database.db);
    return r.rows.length > 0;
  },

  /**
   * Names a new invitee: the current invitation of the same role (pending or accepted) becomes 'replaced' and the
   * new one is stored, in one transaction. Returns the new iuid.
   */
  async replaceWith(database: Database, invitation: {
    ruid: string; role: 'aval' | 'second_renter'; atype: AvalType | null; email: string | null; approved_before?: boolean;
    status?: 'pending' | 'accepted'; is_approved?: boolean | null; insurer?: { provider: string; reference: string | null; premium: number | null };
  }): Promise<string> {
    const iuid = newId(invitation.role === 'aval' ? 'av_' : 'sr_');
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('rent_invitations').set({ status: 'replaced', updated_at: new Date() })
        .where('ruid', '=', invitation.ruid).where('role', '=', invitation.role).where('status', 'in', ['pending', 'accepted']).execute();
      await trx.insertInto('rent_invitations').values({
        iuid, ruid: invitation.ruid, role: invitation.role, atype: invitation.atype, email: invitation.email,
        approved_before: invitation.approved_before ?? false, status: invitation.status ?? 'pending', is_approved: invitation.is_approved ?? null,
        insurer: invitation.insurer?.provider ?? null, insurer_reference: invitation.insurer?.reference ?? null,
        insurer_premium: invitation.insurer?.premium ?? null, answered_at: invitation.status === 'accepted' ? new Date() : null,
      }).execute();
    });
    return iuid;
  },

  /** Records the invitee's answer while the invitation is still pending (compare-and-set). True when it changed. */
  async answer(database: Database, iuid: string, cuid: string, status: 'accepted' | 'rejected'): Promise<boolean> {
    const r = await database.db.updateTable('rent_invitations').set({ status, cuid, answered_at: new Date(), updated_at: new Date() })
      .where('iuid', '=', iuid).where('status', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Writes the approval decision (any of the three flags) with who decided. */
  async decide(database: Database, iuid: string, by: string, changes: { is_approved?: boolean | null; is_os_confirmed?: boolean; is_os_approved?: boolean | null }): Promise<void> {
    await database.db.updateTable('rent_invitations').set({ ...changes, decided_by: by, decided_at: new Date(), updated_at: new Date() })
      .where('iuid', '=', iuid).execute();
  },

  /** Writes the guarantee property's address of an aval's invitation. */
  async setGuarantee(database: Database, iuid: string, g: { addr: string; neighborhood: string; city: string; municipality: string; state: string; cp: string }): Promise<void> {
    await database.db.updateTable('rent_invitations').set({
      guarantee_address: g.addr, guarantee_neighborhood: g.neighborhood, guarantee_city: g.city, guarantee_municipality: g.municipality,
      guarantee_state: g.state, guarantee_cp: g.cp, updated_at: new Date(),
    }).where('iuid', '=', iuid).execute();
  },

  /**
   * What naming someone needs about rent `ruid`: the two parties' e-mails (lowercased), the renter's nickname, the
   * home's address parts and the renter's names and birthdate as filled in the proposal.
   */
  async context(database: Database, ruid: string): Promise<RentContext | undefined> {
    const r = await sql<RentContext>`SELECT lower(rc.email) AS renter_email, lower(oc.email) AS owner_email, rc.nickname AS renter_nickname,
        r.price::float8 AS price, coalesce(r.maintenance_fee, 0)::float8 AS maintenance_fee,
        nullif(concat_ws(', ', nullif(concat_ws(' ', p.street, p.number_ext), ''), nullif(p.neighborhood, ''), nullif(p.municipality, '')), '') AS addr,
        nullif(concat_ws(' ', p.street, p.number_ext), '') AS street, coalesce(p.city, p.municipality) AS city, p.state, p.zip,
        rp.first_name, rp.first_last_name, to_char(rp.birthdate, 'YYYY-MM-DD') AS birthdate
      FROM rents r JOIN clients rc ON rc.cuid = r.renter_cuid JOIN clients oc ON oc.cuid = r.owner_cuid JOIN properties p ON p.puid = r.puid
      LEFT JOIN rent_persons rp ON rp.ruid = r.ruid AND rp.role = 'renter'
      WHERE r.ruid = ${ruid}`.execute(database.db);
    return r.rows[0];
  },

  /** The roles of rent `ruid` whose person data someone filled in. */
  async rolesWithData(database: Database, ruid: string): Promise<Set<string>> {
    const rows = await database.db.selectFrom('rent_persons').select('role').where('ruid', '=', ruid).execute();
    return new Set(rows.map((r) => r.role));
  },

  /** The accepted invitee of each role of rent `ruid` (second_renter, aval), for the rent's membership. */
  async acceptedMembers(database: Database, ruid: string): Promise<{ role: 'aval' | 'second_renter'; cuid: string; iuid: string }[]> {
    const rows = await database.db.selectFrom('rent_invitations').select(['role', 'cuid', 'iuid'])
      .where('ruid', '=', ruid).where('status', '=', 'accepted').where('cuid', 'is not', null).execute();
    return rows as { role: 'aval' | 'second_renter'; cuid: string; iuid: string }[];
  },
};
