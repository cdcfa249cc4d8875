import { describe, expect, it } from 'vitest';
import { pendingSteps, profileCompleteness } from './completeness.ts';

describe('profileCompleteness (spec 02 §4)', () => {
  it('loses 25 per missing item', () => {
    expect(profileCompleteness({ cuid: 'a' })).toBe(0);
    expect(profileCompleteness({ cuid: 'a', bio: 'hola' })).toBe(25);
    expect(profileCompleteness({ cuid: 'a', bio: '  ', profile_photo_name: 'x.webp' })).toBe(25);
    expect(profileCompleteness({ cuid: 'a', bio: 'x', profile_photo_name: 'p', is_email_verified: true, is_phone_verified: true })).toBe(100);
  });
  it('lists the pending steps in the modal order, skipping the done ones', () => {
    expect(pendingSteps({ cuid: 'a', profile_photo_name: 'p', is_phone_verified: true })).toEqual(['tell-me-more', 'email']);
    expect(pendingSteps(null)).toEqual(['tell-me-more', 'profile-picture', 'email', 'phone']);
  });
});
