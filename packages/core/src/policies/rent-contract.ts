import { RENTS_MESSAGES } from '@nj/contracts';
import { isClient, type Actor } from './actor.ts';
import { ALLOW, definePolicy, type Verdict } from './policy.ts';

/** The people of a rent who are parties of its lease: the two sides, the accepted second renter and guarantor. */
export type RentContractRecord = { renter_cuid: string; owner_cuid: string; second_renter_cuid: string | null; aval_cuid: string | null };

/** A party of the lease; anyone else (support included: the lease is private) learns nothing (404). */
function party(actor: Actor, r: RentContractRecord): Verdict {
  return [r.renter_cuid, r.owner_cuid, r.second_renter_cuid, r.aval_cuid].some((c) => isClient(actor, c))
    ? ALLOW : { code: 'NOT_FOUND', msg: RENTS_MESSAGES.rentNotFound };
}

/**
 * The lease contract of a rent (issue 13 'Contract and signature'; spec 03 §7): its parties read its state and files
 * (`read`: draft, signed PDF, audit trail) and generate, send the signing links and sign (`act`; the step rules are
 * the verbs'). The provider's webhook (`webhook`: its shared secret is the credential) and the sandbox signing page
 * (`sandbox_sign`: the unguessable per-signer slug is the credential, as DocuSeal's own signing links) are anyone's.
 */
export const rentContractPolicy = definePolicy<RentContractRecord, 'read' | 'act' | 'webhook' | 'sandbox_sign'>({
  model: 'rent_contract',
  actions: {
    read: { who: 'registered', doc: "the rent's tenant, owner, accepted second renter and guarantor", rule: party },
    act: { who: 'registered', doc: "the rent's tenant, owner, accepted second renter and guarantor, as the step allows", rule: party },
    webhook: { who: 'anyone', doc: "the e-signature provider, with the webhook's shared secret" },
    sandbox_sign: { who: 'anyone', doc: 'the holder of a sandbox signing link (ESIGN_PROVIDER=sandbox only)' },
  },
});
