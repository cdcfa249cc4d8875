import type { Database } from '@nj/db';
import { AGENCY_LIMITS, type TAgencyProperty, type TAgencyPropertiesPage } from '@nj/contracts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { can } from '../policies/policy.ts';
import { agenciesRepository } from './agencies-repository.ts';
import { loadAgencyFor } from './agency-access.ts';

type Row = Awaited<ReturnType<typeof agenciesRepository.listProperties>>[number];

/** One listing row as the agency's list shows it; `canEdit` from agencyPolicy 'edit_listing'. */
export function presentAgencyProperty(r: Row, canEdit: boolean): TAgencyProperty {
  const images = [...((r.images ?? []) as { name: string; order: number }[])].sort((a, b) => a.order - b.order);
  return {
    puid: r.puid, title: r.title, slug: r.slug, photo: images[0] ? `/media/properties/${r.puid}/${images[0].name}_thumb.webp` : null,
    is_active: r.is_active, rent_price: r.rent_price, sale_price: r.sale_price,
    owner: r.owner_cuid ? { cuid: r.owner_cuid, nickname: r.owner_nickname } : null,
    agent: r.agent_cuid ? { cuid: r.agent_cuid, nickname: r.agent_nickname, agent_uid: r.agent_uid ?? null } : null,
    can_edit: canEdit,
  };
}

/**
 * GET /v1/agencies/{auid}/properties?page&search&status (issue 15; spec 03 §7): the agency's listings — published by
 * its administrator or an approved agent, or assigned to one of its approved agents — newest first,
 * AGENCY_LIMITS.pageSize a page; `search` in the title, `status` active/inactive/all, `assigned` 'me' only those
 * assigned to the caller (the agent dashboard). The administrator and the
 * approved agents see them (issue 15 'Rules'); each carries `can_edit` (the administrator all, an agent those
 * assigned to them, or all when agents_edit_all).
 * @throws AppError UNAUTHORIZED; NOT_FOUND; FORBIDDEN 'Solo el administrador y los asesores aprobados…'
 */
export async function listAgencyProperties(database: Database, input: {
  actor: Actor; auid: string; page: number; search: string; status: 'active' | 'inactive' | 'all'; assigned?: 'me' | undefined;
}): Promise<TAgencyPropertiesPage> {
  const { agency, record } = await loadAgencyFor(database, input.actor, input.auid, 'list_properties');
  const size = AGENCY_LIMITS.pageSize;
  const rows = await agenciesRepository.listProperties(database, agency, {
    search: input.search, status: input.status, limit: size + 1, offset: (input.page - 1) * size, agentCuid: input.assigned === 'me' ? input.actor.cuid! : undefined,
  });
  return {
    properties: rows.slice(0, size).map((r) => presentAgencyProperty(r, can(input.actor, agencyPolicy, 'edit_listing', { ...record, listing_agent_cuid: r.agent_cuid, listing_owned_in_agency: !!r.owner_member, listing_owner_cuid: r.owner_cuid }))),
    page: input.page, has_more: rows.length > size,
  };
}
