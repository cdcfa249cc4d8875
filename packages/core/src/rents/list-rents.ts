import type { Database } from '@nj/db';
import type { Actor } from '../policies/actor.ts';
import { ownRecords } from '../policies/policy.ts';
import { rentPolicy } from '../policies/rent.ts';
import { ACTIVE_STEPS, stepLabel } from './rent-steps.ts';
import { rentsRepository } from './rents-repository.ts';

/** Rents per page of listRents. */
export const RENTS_PAGE_SIZE = 20;

/** One rent in a list: the listing's title, first photo and price, the step with its label and colour, unread count. */
export type RentSummary = {
  ruid: string; puid: string; step: string; stepLabel: string; stepColor: string; role: 'renter' | 'owner';
  title: string; slug: string; photo: string | null; price: number | null; maintenanceFee: number | null;
  unread: number; lastText: string | null; lastActivityAt: string; createdAt: string;
};

/**
 * The actor's rents, newest activity first (GET /v1/rents?t&only_active, GET /v1/client/rents, the conversation list
 * GET /v1/messages/chats?page&chat&ur; spec 03 §7): `side` 'renter' (contacted properties), 'owner' (people who
 * contacted my listings) or 'any'; `onlyActive` drops discarded and invalid ones; `unreadOnly` keeps those with
 * unread messages; `ruid` narrows to one conversation; `page` from 1.
 * @returns `{ rents, page, hasMore }`
 * @throws AppError UNAUTHORIZED unless signed in
 */
export async function listRents(database: Database, input: {
  actor: Actor; side: 'renter' | 'owner' | 'any'; onlyActive?: boolean; unreadOnly?: boolean; ruid?: string; page?: number;
}): Promise<{ rents: RentSummary[]; page: number; hasMore: boolean }> {
  const cuid = ownRecords(input.actor, rentPolicy, 'list');
  const page = Math.max(1, input.page ?? 1);
  const rows = await rentsRepository.listForClient(database, cuid, {
    side: input.side, activeSteps: input.onlyActive ? ACTIVE_STEPS : undefined, ruid: input.ruid, unreadOnly: input.unreadOnly,
    limit: RENTS_PAGE_SIZE + 1, offset: (page - 1) * RENTS_PAGE_SIZE,
  });
  const rents = rows.slice(0, RENTS_PAGE_SIZE).map((r): RentSummary => {
    const label = stepLabel(r.step);
    const images = (r.images ?? []) as { name: string; order: number }[];
    return {
      ruid: r.ruid, puid: r.puid, step: r.step, stepLabel: label.label, stepColor: label.color,
      role: r.renter_cuid === cuid ? 'renter' : 'owner', title: r.title, slug: r.slug,
      photo: images.length ? [...images].sort((a, b) => a.order - b.order)[0]!.name : null,
      price: r.price, maintenanceFee: r.maintenance_fee, unread: Number(r.unread ?? 0), lastText: r.last_text ?? null,
      lastActivityAt: r.last_activity_at.toISOString(), createdAt: r.created_at.toISOString(),
    };
  });
  return { rents, page, hasMore: rows.length > RENTS_PAGE_SIZE };
}
