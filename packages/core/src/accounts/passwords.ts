import { hash, verify } from '@node-rs/argon2';

/** Argon2id (algorithm 2 of @node-rs/argon2; its const enum is not importable under isolated modules). */
const ARGON2ID = 2;
/** OWASP-recommended Argon2id parameters: 19 MiB memory, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Argon2id PHC string of a password (salted). About 30–60 ms. */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS as never);
}

/** True when `password` matches the PHC `passwordHash`; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A fixed hash verified against when the account does not exist, so both paths take about the same time. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  await verifyPassword(await warmUpDummyHash(), password);
}

/**
 * Computes the dummy hash now (call once at start), so even the first login for an unknown address costs one hash
 * like every other, not two. Returns the PHC string.
 */
export function warmUpDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('nj-dummy-password-for-timing');
  return dummyHash;
}
