import type { FastifyRequest } from 'fastify';
import { ownClient } from '@nj/core';

/**
 * The signed-in client, which must be the `{id}` of the path (spec 02 §7 `/v1/client/{id}/…`; clientPolicy
 * 'verify_contact'): a visitor or an anonymous client gets 401 'Es necesario iniciar sesión para continuar', another
 * client's id 403.
 */
export function requireOwnClient(request: FastifyRequest, id: string): string {
  return ownClient(request.actor, 'verify_contact', id);
}
