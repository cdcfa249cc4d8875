import { PROPERTY_SHEET_NOT_FOUND } from '@nj/contracts';
import { ALLOW, definePolicy } from './policy.ts';

/** What the sheet rule looks at: whether the listing is live and whether the sharing client exists (registered). */
export type PropertySheetRecord = { is_active: boolean; sharer_found: boolean };

/**
 * Property sheets (issue 16; spec 01 §2 /ficha/{puid}/{cuid}): read — anyone reads the sheet of a live listing shared
 * by a registered client; a missing or inactive listing, or an unknown or anonymous sharer, is 404 'No encontramos
 * esta ficha' (the sheet is never a way to see a deactivated listing, not even for its owner).
 */
export const propertySheetPolicy = definePolicy<PropertySheetRecord, 'read'>({
  model: 'property_sheet',
  actions: {
    read: {
      who: 'anyone', doc: "anyone, a live listing's sheet by a registered sharer",
      rule: (_actor, r) => (r.is_active && r.sharer_found ? ALLOW : { code: 'NOT_FOUND', msg: PROPERTY_SHEET_NOT_FOUND }),
    },
  },
});
