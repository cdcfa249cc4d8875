import { ACCOUNTS_UI } from '@nj/contracts/accounts/messages';
import type { TClient } from './api.ts';

/** The four items of the profile (spec 02 §2 modal 4 order): bio, photo, verified e-mail, verified phone. */
export type ProfileStep = 'tell-me-more' | 'profile-picture' | 'email' | 'phone';
export const PROFILE_STEPS: ProfileStep[] = ['tell-me-more', 'profile-picture', 'email', 'phone'];

/** Whether one step's data is already present (a present step is skipped automatically). */
export function isStepDone(client: TClient | null | undefined, step: ProfileStep): boolean {
  if (!client) return false;
  switch (step) {
    case 'tell-me-more': return !!client.bio?.trim();
    case 'profile-picture': return !!client.profile_photo_name;
    case 'email': return !!client.is_email_verified;
    case 'phone': return !!client.is_phone_verified;
  }
}

/**
 * Profile completeness in points (spec 02 §4, spec 01 §4): 100 minus 25 for each of no bio, no profile photo,
 * e-mail not verified, phone not verified. The nudge shows only below 100.
 */
export function profileCompleteness(client: TClient | null | undefined): number {
  return PROFILE_STEPS.reduce((score, step) => (isStepDone(client, step) ? score : score - ACCOUNTS_UI.completionStep), 100);
}

/** The steps still to do, in order. */
export function pendingSteps(client: TClient | null | undefined): ProfileStep[] {
  return PROFILE_STEPS.filter((s) => !isStepDone(client, s));
}
