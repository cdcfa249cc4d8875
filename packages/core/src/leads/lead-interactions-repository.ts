import { sql, type RawBuilder } from 'kysely';
import type { AgencyDb } from '../agencies/agencies-tables.ts';
import { crmTables } from '../crm/crm-tables.ts';

/** Steps of a conversation that hold an offer, and those that hold a visit (rents.step, migration 018). */
const OFFER_STEPS = ['client_offer_in_process', 'on_offer', 'on_accepted_offer', 'on_contract_sign', 'on_rent'];
const VISIT_STEPS = ['appt_requested', 'appt_confirmation_requested', 'appt_assist'];

/** One row of the lead history before presenting. */
export type InteractionRow = {
  ref: string; kind: 'contact' | 'message' | 'visit' | 'offer'; puid: string; title: string | null; slug: string | null;
  name: string | null; email: string | null; phone: string | null; message: string | null; at: Date | string;
  first_response_seconds: number | string | null; agent_cuid: string | null; agent_nickname: string | null;
  /** Who answers it on the site (a lead's agent of migration 044, else its owner; a conversation's owner side). */
  party_cuid: string | null; crm_uid: string | null;
};

/**
 * SQL of the lead history (issue 16 'Leads'): contact-form messages from people without an account and
 * conversations (rents) on the listings published by or assigned to `members` (an SQL list of cuids).
 */
export const leadInteractionsRepository = {
  /**
   * A page of interactions, newest first: contact-form messages (`lead:<luid>`, kind contact, never answered here)
   * and conversations (`rent:<ruid>`, kind offer / visit / message by their furthest step), each with the seconds
   * from the renter's first message to the listing side's first answer (not system messages), the advertiser, and
   * the CRM client converted from it in the CRM `crmScope` (an SQL condition on `c`).
   */
  async page(db: AgencyDb, members: RawBuilder<unknown>, crmScope: RawBuilder<boolean>, opts: { puid?: string | undefined; limit: number; offset: number }): Promise<InteractionRow[]> {
    const onePuid = opts.puid ? sql`AND p.puid = ${opts.puid}` : sql``;
    const listings = sql`(p.owner_cuid IN ${members} OR p.agent_cuid IN ${members})`;
    const r = await sql<InteractionRow>`
      SELECT x.*, g.nickname AS agent_nickname, c.uid AS crm_uid FROM (
        SELECT 'lead:' || l.luid AS ref, 'contact' AS kind, p.puid, p.title, p.slug, l.name, l.email, l.phone, l.message,
               l.created_at AS at, NULL::integer AS first_response_seconds, coalesce(p.agent_cuid, p.owner_cuid) AS agent_cuid,
               coalesce(l.agent_cuid, l.owner_cuid) AS party_cuid
        FROM leads l JOIN properties p ON p.puid = l.puid LEFT JOIN clients s ON s.cuid = l.sender_cuid
        WHERE (s.cuid IS NULL OR s.is_anonymous) AND ${listings} ${onePuid}
        UNION ALL
        SELECT 'rent:' || r.ruid, CASE WHEN r.step IN (${sql.join(OFFER_STEPS)}) THEN 'offer'
                 WHEN r.step IN (${sql.join(VISIT_STEPS)}) OR EXISTS (SELECT 1 FROM appointments a WHERE a.ruid = r.ruid) THEN 'visit'
                 ELSE 'message' END,
               p.puid, p.title, p.slug, rc.nickname, NULL, NULL,
               (SELECT m.text FROM rent_messages m WHERE m.ruid = r.ruid AND m.from_cuid = r.renter_cuid AND m.cat = 'msg' ORDER BY m.seq LIMIT 1),
               r.created_at,
               (SELECT floor(extract(epoch FROM (min(o.created_at) - f.asked)))::integer FROM rent_messages o
                 WHERE o.ruid = r.ruid AND o.from_cuid = r.owner_cuid AND o.cat <> 'system' AND o.created_at >= f.asked),
               r.owner_cuid, r.owner_cuid
        FROM rents r JOIN properties p ON p.puid = r.puid LEFT JOIN clients rc ON rc.cuid = r.renter_cuid
        LEFT JOIN LATERAL (SELECT min(m.created_at) AS asked FROM rent_messages m WHERE m.ruid = r.ruid AND m.from_cuid = r.renter_cuid AND m.cat <> 'system') f ON true
        WHERE ${listings} ${onePuid}
      ) x
      LEFT JOIN clients g ON g.cuid = x.agent_cuid
      LEFT JOIN crm_clients c ON c.source_ref = x.ref AND ${crmScope}
      ORDER BY x.at DESC, x.ref LIMIT ${opts.limit} OFFSET ${opts.offset}`.execute(crmTables(db));
    return r.rows;
  },

  /** The contact-form message `luid` on a listing of `members`, with what a CRM client is made of. */
  async findLead(db: AgencyDb, members: RawBuilder<unknown>, luid: string) {
    const r = await sql<{ name: string; email: string; phone: string; puid: string; is_venta: boolean; is_renta: boolean; advertiser: string | null; sender_cuid: string | null }>`
      SELECT l.name, l.email, l.phone, p.puid, p.is_venta, p.is_renta, coalesce(p.agent_cuid, p.owner_cuid) AS advertiser,
             CASE WHEN s.is_anonymous THEN NULL ELSE l.sender_cuid END AS sender_cuid
      FROM leads l JOIN properties p ON p.puid = l.puid LEFT JOIN clients s ON s.cuid = l.sender_cuid
      WHERE l.luid = ${luid} AND (p.owner_cuid IN ${members} OR p.agent_cuid IN ${members})`.execute(crmTables(db));
    return r.rows[0];
  },

  /** The conversation `ruid` on a listing of `members`, with its renter's name, e-mail and phone. */
  async findRent(db: AgencyDb, members: RawBuilder<unknown>, ruid: string) {
    const r = await sql<{ name: string | null; email: string | null; phone: string | null; puid: string; is_venta: boolean; is_renta: boolean; advertiser: string | null; sender_cuid: string }>`
      SELECT rc.nickname AS name, rc.email, rc.phone_number AS phone, p.puid, p.is_venta, p.is_renta, r.owner_cuid AS advertiser, r.renter_cuid AS sender_cuid
      FROM rents r JOIN properties p ON p.puid = r.puid JOIN clients rc ON rc.cuid = r.renter_cuid
      WHERE r.ruid = ${ruid} AND (p.owner_cuid IN ${members} OR p.agent_cuid IN ${members})`.execute(crmTables(db));
    return r.rows[0];
  },
};
