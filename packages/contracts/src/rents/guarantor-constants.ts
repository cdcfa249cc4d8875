/**
 * Zod-free vocabularies of the guarantor and the second renter (issue 12 'The guarantor'; spec 03 §3 Guarantor
 * record), for the server and the browser alike.
 */

/** Guarantor types (spec 03 §3): aval with a property, obligado (joint obligor), or bond insurance nowo. */
export const AVAL_TYPES = ['aval', 'obligado', 'nowo'] as const;
export type AvalType = (typeof AVAL_TYPES)[number];

/** What an invited person answers (spec 03 §7 POST /v1/rents/aval/{aval_uid} option). */
export const INVITATION_OPTIONS = ['accept', 'reject'] as const;
export type InvitationOption = (typeof INVITATION_OPTIONS)[number];

/** Where an invitation stands: waiting for the answer, accepted, rejected, or replaced by a new naming. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'rejected', 'replaced'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** The approval chip of a guarantor: null = in review, true = approved, false = not approved (spec 03 §4). */
export type ApprovalChip = 'review' | 'approved' | 'not_approved';
export function approvalChip(isApproved: boolean | null): ApprovalChip {
  return isApproved === null ? 'review' : isApproved ? 'approved' : 'not_approved';
}

/** The invitee's page the e-mails link to. */
export const INVITATIONS_PATH = '/invitaciones';

/** How many people (or insurer requests) one tenant may name in 24 hours across their rents: e-mails to strangers are bounded. */
export const INVITATIONS_PER_DAY = 20;
