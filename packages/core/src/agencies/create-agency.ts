import { randomBytes } from 'node:crypto';
import type { Database } from '@nj/db';
import { AGENCY_MESSAGES as M, ASSOCIATION_MESSAGES as A, MX_STATES, type TAgency } from '@nj/contracts';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { agencyPolicy } from '../policies/agency.ts';
import { associationPolicy } from '../policies/association.ts';
import { ownRecords } from '../policies/policy.ts';
import { agenciesRepository, presentAgency } from './agencies-repository.ts';
import { isProductDomain } from '../sites/domain-verification.ts';
import { SITE_MESSAGES } from '@nj/contracts';

/**
 * Refuses a base domain that is the product's own host or one of its subdomains (decision 030).
 * @param productOrigin the product's origin (config.productOrigin); nothing is checked without it
 * @throws AppError BAD_REQUEST 'Ese dominio es el de NJ Inmuebles…'
 */
export function refuseProductDomain(domain: string | null | undefined, productOrigin: string | undefined): void {
  if (domain && productOrigin && isProductDomain(domain, productOrigin)) {
    throw new AppError('BAD_REQUEST', SITE_MESSAGES.productDomain, { base_domain: SITE_MESSAGES.productDomain });
  }
}

/** A new agency id: 'ag' + 16 lower-case hex. */
export const newAuid = (): string => `ag${randomBytes(8).toString('hex')}`;

/** True for PostgreSQL's unique_violation (a concurrent insert won). */
export const isUniqueViolation = (e: unknown): boolean => (e as { code?: string } | null)?.code === '23505';

/** The Spanish refusal of a unique violation on agencies, by the index that refused it (migration 042). */
export function clashMessage(e: unknown): string {
  const text = `${(e as { constraint?: string } | null)?.constraint ?? ''} ${e instanceof Error ? e.message : ''}`;
  if (text.includes('agencies_admin')) return M.alreadyAdmin;
  if (text.includes('agencies_base_domain')) return M.domainTaken;
  return M.nameTaken;
}

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[\s_-]+/g, ' ').trim();

/** The state (MX_STATES) named by `text`: its slug or its name, in any case, with or without accents; else undefined. */
export function findMexicanState(text: string): (typeof MX_STATES)[number] | undefined {
  const key = fold(text);
  return MX_STATES.find((s) => fold(s.slug) === key || fold(s.name) === key);
}

/**
 * An association's mexican_state (decision 029: associations are grouped by state, so theirs is one of the 32
 * states, kept by its name).
 * @returns the state's name, e.g. 'Jalisco' for 'jalisco' or 'JALISCO'
 * @throws AppError BAD_REQUEST 'Elige el estado de la república…' when empty; 'Elige un estado de la república de la lista' when unknown
 */
export function checkAssociationState(value: string | null | undefined): string {
  if (!value || !value.trim()) throw new AppError('BAD_REQUEST', A.stateRequired, { mexican_state: A.stateRequired });
  const state = findMexicanState(value);
  if (!state) throw new AppError('BAD_REQUEST', A.stateUnknown, { mexican_state: A.stateUnknown });
  return state.name;
}

/**
 * An agency's mexican_state: optional, but when given one of the 32 states, kept by its name (the association list
 * and the directory read it as a state).
 * @returns the state's name, or null for null, undefined or blank
 * @throws AppError BAD_REQUEST 'Elige un estado de la república de la lista' when unknown
 */
export function checkAgencyState(value: string | null | undefined): string | null {
  if (!value || !value.trim()) return null;
  const state = findMexicanState(value);
  if (!state) throw new AppError('BAD_REQUEST', A.stateUnknown, { mexican_state: A.stateUnknown });
  return state.name;
}

/**
 * POST /v1/agencies (issue 15; spec 03 §7): the signed-in client creates an agency and becomes its administrator.
 * `name` 2–120 characters, unique case-insensitively (among agencies and associations); `base_domain` a host name
 * unique among sites (or null); colours #rrggbb (or null). Kind 'agency' starts without a plan (FREE_AGENCY_SEATS
 * seats); its domain starts unverified (decision 030). Kind 'association' (decision 029) only for a holder of association_admin, one per administrator, with
 * `mexican_state` (one of the 32 states; see checkAssociationState); an agency's state is optional (checkAgencyState).
 * @returns the agency (or association) as its administrator sees it
 * @throws AppError UNAUTHORIZED unless signed in; FORBIDDEN an association without association_admin; BAD_REQUEST
 *   an association's state, a base domain of the product's host ('Ese dominio es el de NJ Inmuebles…'); CONFLICT 'Ya administras una agencia…' / 'Ya administras una asociación…', the name or
 *   domain taken
 */
export async function createAgency(database: Database, input: {
  actor: Actor; name: string; baseDomain?: string | null | undefined; colorPrimary?: string | null | undefined; colorSecondary?: string | null | undefined;
  kind?: 'agency' | 'association'; mexicanState?: string | null | undefined; productOrigin?: string;
}): Promise<TAgency> {
  const kind = input.kind ?? 'agency';
  const cuid = kind === 'association' ? ownRecords(input.actor, associationPolicy, 'create') : ownRecords(input.actor, agencyPolicy, 'create');
  refuseProductDomain(input.baseDomain, input.productOrigin);
  const mexicanState = kind === 'association' ? checkAssociationState(input.mexicanState) : checkAgencyState(input.mexicanState);
  const texts = kind === 'association' ? { alreadyAdmin: A.alreadyAdmin, nameTaken: A.nameTaken } : { alreadyAdmin: M.alreadyAdmin, nameTaken: M.nameTaken };
  const auid = newAuid();
  await database.db.transaction().execute(async (trx) => {
    if (await agenciesRepository.findByAdmin(trx, cuid, kind)) throw new AppError('CONFLICT', texts.alreadyAdmin);
    if (await agenciesRepository.clash(trx, 'name', input.name, null)) throw new AppError('CONFLICT', texts.nameTaken);
    if (input.baseDomain && await agenciesRepository.clash(trx, 'base_domain', input.baseDomain, null)) throw new AppError('CONFLICT', M.domainTaken);
    try {
      await agenciesRepository.insert(trx, {
        auid, name: input.name, kind, admin_cuid: cuid, base_domain: input.baseDomain ?? null,
        color_primary: input.colorPrimary ?? null, color_secondary: input.colorSecondary ?? null, mexican_state: mexicanState,
      });
    } catch (e) {
      if (isUniqueViolation(e)) {
        const msg = clashMessage(e);
        throw new AppError('CONFLICT', msg === M.alreadyAdmin ? texts.alreadyAdmin : msg === M.nameTaken ? texts.nameTaken : msg);
      }
      throw e;
    }
  });
  const agency = await agenciesRepository.find(database, auid);
  return presentAgency(agency!, 'admin', 0);
}
