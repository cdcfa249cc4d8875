import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, decide, POLICIES, type Actor, type PolicyActionName, type PolicyModel, type Who } from '@nj/core';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The actor of this request (issue 8 §1), from the session cookie, resolved once per request (the session is
     * memoized by plugins/session.ts; after `ensureClient` creates an anonymous client it is that client).
     */
    getActor(): Promise<Actor>;
    /** The actor as the route's `can(…)` hook resolved it (VISITOR before, or on routes open to anyone). */
    actor: Actor;
  }
}

/** What a route's `can` hook declares: the model, the action and who may attempt it (the matrix test reads it). */
export type RoutePolicy = { model: PolicyModel; action: string; who: Who };

/** A route hook carrying the policy it enforces. */
export type PolicyPreHandler = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { policy: RoutePolicy };

/**
 * The route's authorization step (issue 8 §1), declared on the route as `preValidation: can('listing', 'update')`
 * (before the body is validated, so a visitor learns nothing from validation errors), so the chain reads
 * cookies → CSRF → session → can → validation → handler → core verb. It decides the action's `who` (visitor, any client, signed in, a
 * privilege) before the handler runs and leaves the actor in `request.actor`; the core verb then decides on the
 * record (`authorize(actor, listingPolicy, 'update', row)`). For actions open to anyone it resolves nothing (no
 * query): the handler calls `request.getActor()` when it needs the actor.
 * @throws AppError UNAUTHORIZED 'Es necesario iniciar sesión para continuar' / FORBIDDEN 'No tienes permiso…'
 */
export function can<M extends PolicyModel>(model: M, action: PolicyActionName<M>): PolicyPreHandler {
  const policy = POLICIES[model] as unknown as Parameters<typeof decide>[1];
  const who = (policy.actions as Record<string, { who: Who }>)[action]!.who;
  const handler = async (request: FastifyRequest) => {
    if (who === 'anyone') return;
    const actor = await request.getActor();
    const verdict = decide(actor, policy, action as never);
    if (verdict !== true) throw new AppError(verdict.code, verdict.msg);
    request.actor = actor;
  };
  return Object.assign(handler, { policy: { model, action: action as string, who } });
}

/** The policy a route's preValidation hooks declare, or undefined (the matrix test refuses routes without one). */
export function routePolicyOf(hooks: unknown): RoutePolicy | undefined {
  for (const h of [hooks].flat()) {
    if (typeof h === 'function' && 'policy' in h) return (h as PolicyPreHandler).policy;
  }
  return undefined;
}
