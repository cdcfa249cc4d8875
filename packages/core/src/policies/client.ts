import { COMMON_MESSAGES } from '@nj/contracts';
import { isClient, type Actor } from './actor.ts';
import { ALLOW, authorize, definePolicy, ownCuid } from './policy.ts';

/** The client an action names (a path's `{id}`, a body's `cuid`): it must be the actor. */
export type ClientRecord = { cuid: string };

const self = (actor: Actor, c: ClientRecord) => (isClient(actor, c.cuid) ? ALLOW : { code: 'FORBIDDEN' as const, msg: COMMON_MESSAGES.forbidden });

/**
 * A client's own account (spec 02 §3, §7 client calls): the profile and its photo, e-mail and phone verification.
 * Every action is on the signed-in client's own row (the verbs read `actor.cuid`); a client id a call names
 * (`/client/{id}/send-contact-confirmation/*`, a body's `cuid`) must be the actor's own (else 403). The e-mail
 * verification link works for anyone holding its token.
 */
export const clientPolicy = definePolicy<ClientRecord, 'read_own' | 'update_own' | 'verify_contact' | 'confirm_email_link'>({
  model: 'client',
  actions: {
    read_own: { who: 'registered', doc: 'signed-in clients, their own profile', rule: self },
    confirm_email_link: { who: 'anyone', doc: 'anyone holding the e-mail verification link token' },
    update_own: { who: 'registered', doc: 'signed-in clients, their own profile', rule: self },
    verify_contact: { who: 'registered', doc: 'signed-in clients, their own e-mail and phone', rule: self },
  },
});

/**
 * The client id `action` of clientPolicy acts on: the signed-in actor's own (every client action is on the actor's
 * own row). `named`: a client id the call names (a path's `{id}`, a body's `cuid`), which must be the actor's.
 * @throws AppError FORBIDDEN 'No tienes permiso para realizar esta acción' when `named` is another client;
 *   UNAUTHORIZED 'Es necesario iniciar sesión para continuar' for a visitor or an anonymous client
 */
export function ownClient(actor: Actor, action: 'read_own' | 'update_own' | 'verify_contact', named?: string): string {
  authorize(actor, clientPolicy, action);
  const cuid = ownCuid(actor);
  if (named !== undefined) authorize(actor, clientPolicy, action, { cuid: named });
  return cuid;
}
