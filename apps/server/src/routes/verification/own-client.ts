import type { FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '@nj/contracts';
import { AppError, ownCuid } from '@nj/core';

/**
 * The signed-in client, which must be the `{id}` of the path (spec 02 §7 `/v1/client/{id}/…`): a visitor or an
 * anonymous client gets 401 'Es necesario iniciar sesión para continuar', another client's id 403.
 */
export async function requireOwnClient(request: FastifyRequest, id: string): Promise<string> {
  const cuid = ownCuid(request.actor);
  if (id !== cuid) throw new AppError('FORBIDDEN', COMMON_MESSAGES.forbidden);
  return cuid;
}
