import type { FastifyInstance } from 'fastify';
import { COMMON_MESSAGES, jsonTextProblem } from '@nj/contracts';
import { AppError } from '@nj/core';

/**
 * Refuses input no handler can store or process, before any hook or handler sees it (issue 7 finding 6):
 * - a URL with a NUL byte (`%00` in the path or the query) → 400 'La dirección solicitada no es válida' (PostgreSQL
 *   text cannot hold NUL, and no path or parameter of ours has one);
 * - a JSON body nested deeper than MAX_JSON_DEPTH, or with an escaped NUL or lone surrogate in a string → 400 with a
 *   Spanish msg, checked on the text before parsing; everything else is parsed by Fastify's own JSON parser
 *   (prototype poisoning refused) within the body limit.
 * Register before the other hooks and before the routes.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00') || request.url.includes('\u0000')) throw new AppError('BAD_REQUEST', COMMON_MESSAGES.invalidUrl);
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonTextProblem(body as string);
    if (problem) {
      done(new AppError('BAD_REQUEST', problem === 'too-deep' ? COMMON_MESSAGES.jsonTooDeep : COMMON_MESSAGES.invalidCharacters), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
