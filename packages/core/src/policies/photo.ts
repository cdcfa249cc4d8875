import { COMMON_MESSAGES } from '@nj/contracts';
import { isClient } from './actor.ts';
import { ALLOW, definePolicy } from './policy.ts';

/**
 * A stored file as /media sees it (issue 7 §7): `public` (a photo a published listing or a profile references),
 * `draft` (a photo a draft references, with the draft's owner), or `unreferenced` (an interrupted upload, a removed
 * photo, an original that may carry GPS, an unknown key).
 */
export type PhotoRecord = { kind: 'public' } | { kind: 'draft'; owner_cuid: string } | { kind: 'unreferenced' };

/**
 * Photos and files (GET /media/{key}; issue 7 §7): published listing photos and profile photos to anyone; draft
 * photos only to the draft's owner; unreferenced files to nobody. Refusals are 404 'No encontramos lo que buscas'
 * (a draft's photo is never revealed to exist). Uploading a profile photo is clientPolicy 'update_own'.
 */
export const photoPolicy = definePolicy<PhotoRecord, 'read'>({
  model: 'photo',
  actions: {
    read: {
      who: 'anyone', doc: 'anyone a published photo; the owner a draft photo; nobody an unreferenced file',
      rule: (actor, p) => {
        if (p.kind === 'public') return ALLOW;
        if (p.kind === 'draft' && isClient(actor, p.owner_cuid)) return ALLOW;
        return { code: 'NOT_FOUND', msg: COMMON_MESSAGES.notFound };
      },
    },
  },
});
