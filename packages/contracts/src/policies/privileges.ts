/**
 * The privileges a client may hold (spec 01 §2 navigation, spec 02 §3 "Client settings": support, ija,
 * association_admin), in `clients.privileges`. Granted by `npm run privileges -- grant EMAIL PRIVILEGE` (issue 8 §1).
 */
export const PRIVILEGES = ['support', 'ija', 'association_admin'] as const;
export type Privilege = (typeof PRIVILEGES)[number];

/** True when `value` names a privilege. */
export function isPrivilege(value: unknown): value is Privilege {
  return typeof value === 'string' && (PRIVILEGES as readonly string[]).includes(value);
}
