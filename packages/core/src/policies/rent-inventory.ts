import { RENT_INVENTORY_MESSAGES } from '@nj/contracts';
import { isClient, type Actor } from './actor.ts';
import { ALLOW, definePolicy, type Verdict } from './policy.ts';

/** Who is in a rent's inventory: its two sides and the accepted second renter (who only reads it). */
export type RentInventoryRecord = { renter_cuid: string; owner_cuid: string; second_renter_cuid: string | null };

function reader(actor: Actor, r: RentInventoryRecord): Verdict {
  return [r.renter_cuid, r.owner_cuid, r.second_renter_cuid].some((c) => isClient(actor, c))
    ? ALLOW : { code: 'NOT_FOUND', msg: RENT_INVENTORY_MESSAGES.notFound };
}

function side(actor: Actor, r: RentInventoryRecord): Verdict {
  if (isClient(actor, r.renter_cuid) || isClient(actor, r.owner_cuid)) return ALLOW;
  return isClient(actor, r.second_renter_cuid)
    ? { code: 'FORBIDDEN', msg: RENT_INVENTORY_MESSAGES.readOnly } : { code: 'NOT_FOUND', msg: RENT_INVENTORY_MESSAGES.notFound };
}

/**
 * The move-in and move-out inventories of a rent (issue 13 'Inventory'; spec 03 §2, §7; decision 022): its renter,
 * owner and accepted second renter read them and load their photos (`read`); the renter and the owner change and
 * confirm them (`edit`; the second renter 403, the step rules are the verbs'); anyone else (support included: the
 * inside of a private home) learns nothing (404).
 */
export const rentInventoryPolicy = definePolicy<RentInventoryRecord, 'read' | 'edit'>({
  model: 'rent_inventory',
  actions: {
    read: { who: 'registered', doc: "the rent's renter, owner and accepted second renter", rule: reader },
    edit: { who: 'registered', doc: "the rent's renter and owner, while the step allows", rule: side },
  },
});
