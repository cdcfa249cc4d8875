import type { Database } from '@nj/db';
import { agencyTables } from '../agencies/agencies-tables.ts';

/**
 * The client who shares a property sheet (issue 16), as far as the sheet may show them: the public profile columns
 * (nickname, photo), the agent flag, and the phone only to be shown when verified and the client works as an agent
 * (decided in get-property-sheet.ts). Never the e-mail.
 */
export type SheetSharerRow = {
  nickname: string | null; profile_photo_name: string | null; is_agent: boolean;
  is_phone_verified: boolean; phone_number: string | null; phone_country_code: string | null;
};

/** The agency a sharer belongs to: the one they administer, else the one that approved them as an agent. */
export type SheetAgencyRow = { name: string; logo_name: string | null; color_primary: string | null; color_secondary: string | null; role: 'admin' | 'agent' };

/** SQL of the property sheets (issue 16): who shares and their agency. */
export const propertySheetsRepository = {
  /** Registered client `cuid` (never an anonymous one), or undefined. */
  async findSharer(database: Database, cuid: string): Promise<SheetSharerRow | undefined> {
    return database.db.selectFrom('clients')
      .select(['nickname', 'profile_photo_name', 'is_agent', 'is_phone_verified', 'phone_number', 'phone_country_code'])
      .where('cuid', '=', cuid).where('is_anonymous', '=', false).executeTakeFirst();
  },
  /**
   * The agency of client `cuid` for the sheet's branding: the agency they administer, else the agency whose approved
   * agent they are (a client has at most one of each; decision 028); undefined when neither.
   */
  async findAgencyOf(database: Database, cuid: string): Promise<SheetAgencyRow | undefined> {
    const t = agencyTables(database);
    const admin = await t.selectFrom('agencies').select(['name', 'logo_name', 'color_primary', 'color_secondary'])
      .where('admin_cuid', '=', cuid).orderBy('created_at').executeTakeFirst();
    if (admin) return { ...admin, role: 'admin' };
    const agent = await t.selectFrom('agency_agents').innerJoin('agencies', 'agencies.auid', 'agency_agents.auid')
      .select(['agencies.name', 'agencies.logo_name', 'agencies.color_primary', 'agencies.color_secondary'])
      .where('agency_agents.cuid', '=', cuid).where('agency_agents.status', '=', 'approved').executeTakeFirst();
    return agent ? { ...agent, role: 'agent' } : undefined;
  },
};
