import { sql, type Kysely } from 'kysely';
import { STAFF_PANEL_MESSAGES as M, type TCompleteTicketBody, type TTicketCategory } from '@nj/contracts';
import type { Database } from '@nj/db';
import { AppError } from '../errors/app-error.ts';
import type { Actor } from '../policies/actor.ts';
import { decideAvalApproval } from '../rent-guarantors/decide-aval-approval.ts';
import { rentInvitationsRepository } from '../rent-guarantors/rent-invitations-repository.ts';
import type { StaffAuditRow } from '../staff-db/write-staff-audit.ts';
import type { StaffTicketRow } from './staff-tickets-repository.ts';

/** What a completion did: the completion fields stored on the ticket and the audit rows of each record it changed. */
export type CompletionResult = { completion: Record<string, unknown>; audits: Omit<StaffAuditRow, 'actorCuid' | 'tuid'>[]; resolution: string };

type Ctx = { trx: Kysely<any>; database: Database; actor: Actor; ticket: StaffTicketRow; body: TCompleteTicketBody };
type Action = (ctx: Ctx) => Promise<CompletionResult>;

const bad = (field: string, msg: string) => new AppError('BAD_REQUEST', msg, { [field]: msg });
const needApproval = (body: TCompleteTicketBody): boolean => {
  if (body.is_approved === undefined) throw bad('is_approved', M.approveRequired);
  return body.is_approved;
};
/** The client a completion acts on: `cuid`, else `uid`, else the ticket's author. */
const clientOf = (ctx: Ctx) => ctx.body.cuid ?? ctx.body.uid ?? ctx.ticket.author_cuid;
/** The rent a completion acts on: `ruid`, else the ticket's rent. @throws BAD_REQUEST when neither */
const rentOf = (ctx: Ctx) => {
  const ruid = ctx.body.ruid ?? ctx.ticket.ruid;
  if (!ruid) throw bad('ruid', M.rentRequired);
  return ruid;
};

/**
 * LP: the listing's folio_gob_mx and last_verified = now (the listing then shows 'Propietario verificado'). Only the
 * ticket's own listing (a body puid may name it when the ticket has none), and only when the ticket's author
 * publishes it (its owner or assigned agent): a listing report arrives as an LP ticket of the reporter, and
 * completing it must never verify the reported listing.
 */
const completeLegitimateOwner: Action = async (ctx) => {
  if (ctx.body.puid && ctx.ticket.puid && ctx.body.puid !== ctx.ticket.puid) throw bad('puid', M.listingOtherThanTicket);
  const puid = ctx.ticket.puid ?? ctx.body.puid;
  if (!puid) throw bad('puid', M.listingRequired);
  const folio = ctx.body.folio_gob_mx;
  if (!folio) throw bad('folio_gob_mx', M.folioRequired);
  const before = await sql<{ folio_gob_mx: string | null; last_verified: Date | null; owner_cuid: string | null; agent_cuid: string | null }>`
    SELECT folio_gob_mx, last_verified, owner_cuid, agent_cuid FROM properties WHERE puid = ${puid} FOR UPDATE`.execute(ctx.trx);
  const old = before.rows[0];
  if (!old) throw new AppError('NOT_FOUND', M.listingNotFound, { puid: M.listingNotFound });
  if (old.owner_cuid !== ctx.ticket.author_cuid && old.agent_cuid !== ctx.ticket.author_cuid) throw new AppError('CONFLICT', M.authorNotOwner);
  const after = await sql<{ last_verified: Date }>`
    UPDATE properties SET folio_gob_mx = ${folio}, last_verified = now() WHERE puid = ${puid} RETURNING last_verified`.execute(ctx.trx);
  const verifiedAt = new Date(after.rows[0]!.last_verified).toISOString();
  return {
    completion: { puid, folio_gob_mx: folio, last_verified: verifiedAt },
    audits: [
      { action: 'complete', rtable: 'properties', rkey: puid, rcolumn: 'folio_gob_mx', oldValue: old.folio_gob_mx, newValue: folio },
      { action: 'complete', rtable: 'properties', rkey: puid, rcolumn: 'last_verified', oldValue: old.last_verified ? new Date(old.last_verified).toISOString() : null, newValue: verifiedAt },
    ],
    resolution: ctx.body.comment ?? '',
  };
};

/**
 * ID: the client's newest identity process approved (status success, the client's is_identity_verified true) or
 * rejected (status failure with 'Rechazado por el equipo de soporte'; is_identity_verified stays true only when
 * another attempt succeeded).
 */
const completeIdentity: Action = async (ctx) => {
  const approved = needApproval(ctx.body);
  const cuid = clientOf(ctx);
  const client = await sql<{ is_identity_verified: boolean }>`SELECT is_identity_verified FROM clients WHERE cuid = ${cuid} FOR UPDATE`.execute(ctx.trx);
  if (!client.rows[0]) throw new AppError('NOT_FOUND', M.clientNotFound, { cuid: M.clientNotFound });
  const latest = await sql<{ process_id: string; status: string }>`
    SELECT process_id, status FROM identity_processes WHERE cuid = ${cuid} ORDER BY created_at DESC, process_id DESC LIMIT 1 FOR UPDATE`.execute(ctx.trx);
  const proc = latest.rows[0];
  if (!proc) throw new AppError('CONFLICT', M.noIdentityProcess);
  const status = approved ? 'success' : 'failure';
  await sql`UPDATE identity_processes SET status = ${status}, provider_status = ${approved ? 'support_approved' : 'support_rejected'},
      failure_reason = ${approved ? null : M.identityRejectedReason}, request_sealed = NULL, updated_at = now()
    WHERE process_id = ${proc.process_id}`.execute(ctx.trx);
  const verified = await sql<{ v: boolean }>`
    UPDATE clients SET is_identity_verified = EXISTS (SELECT 1 FROM identity_processes WHERE cuid = ${cuid} AND status = 'success')
    WHERE cuid = ${cuid} RETURNING is_identity_verified AS v`.execute(ctx.trx);
  const isVerified = Boolean(verified.rows[0]?.v);
  return {
    completion: { cuid, uid: cuid, is_approved: approved, process_id: proc.process_id },
    audits: [
      { action: 'complete', rtable: 'identity_processes', rkey: proc.process_id, rcolumn: 'status', oldValue: proc.status, newValue: status },
      { action: 'complete', rtable: 'clients', rkey: cuid, rcolumn: 'is_identity_verified', oldValue: client.rows[0].is_identity_verified, newValue: isVerified },
    ],
    resolution: ctx.body.comment ?? '',
  };
};

/**
 * CR: the investigation decision on the rent: rents.is_cr_passed (and the credit score and reasons when given), the
 * newest completed investigation's outcome passed/failed; the decision text, blacklist and PLD match counts are kept
 * in the ticket's completion fields.
 */
const completeCreditInvestigation: Action = async (ctx) => {
  const ruid = rentOf(ctx);
  const passed = ctx.body.is_cr_passed;
  if (passed === undefined) throw bad('is_cr_passed', M.crPassedRequired);
  const decision = ctx.body.decision;
  if (!decision) throw bad('decision', M.decisionRequired);
  const rent = await sql<{ is_cr_passed: boolean | null; renter_credit_score: number | null; renter_credit_score_reasons: string | null }>`
    SELECT is_cr_passed, renter_credit_score, renter_credit_score_reasons FROM rents WHERE ruid = ${ruid} FOR UPDATE`.execute(ctx.trx);
  const old = rent.rows[0];
  if (!old) throw new AppError('NOT_FOUND', M.rentNotFound, { ruid: M.rentNotFound });
  const score = ctx.body.renter_credit_score;
  const reasons = ctx.body.renter_credit_score_reasons;
  await sql`UPDATE rents SET is_cr_passed = ${passed},
      renter_credit_score = ${score === undefined ? sql`renter_credit_score` : score},
      renter_credit_score_reasons = ${reasons === undefined ? sql`renter_credit_score_reasons` : JSON.stringify(reasons)}
    WHERE ruid = ${ruid}`.execute(ctx.trx);
  const audits: CompletionResult['audits'] = [{ action: 'complete', rtable: 'rents', rkey: ruid, rcolumn: 'is_cr_passed', oldValue: old.is_cr_passed, newValue: passed, reason: decision }];
  if (score !== undefined) audits.push({ action: 'complete', rtable: 'rents', rkey: ruid, rcolumn: 'renter_credit_score', oldValue: old.renter_credit_score, newValue: score });
  const inv = await sql<{ icuid: string; outcome: string | null }>`
    SELECT icuid, outcome FROM credit_investigations WHERE ruid = ${ruid} AND status = 'completed' ORDER BY created_at DESC LIMIT 1 FOR UPDATE`.execute(ctx.trx);
  const latest = inv.rows[0];
  if (latest) {
    const outcome = passed ? 'passed' : 'failed';
    await sql`UPDATE credit_investigations SET outcome = ${outcome}, updated_at = now() WHERE icuid = ${latest.icuid}`.execute(ctx.trx);
    audits.push({ action: 'complete', rtable: 'credit_investigations', rkey: latest.icuid, rcolumn: 'outcome', oldValue: latest.outcome, newValue: outcome });
  }
  return {
    completion: {
      ruid, is_cr_passed: passed, decision,
      ...(score !== undefined ? { renter_credit_score: score } : {}),
      ...(reasons !== undefined ? { renter_credit_score_reasons: reasons } : {}),
      ...(ctx.body.renter_blacklist_matches !== undefined ? { renter_blacklist_matches: ctx.body.renter_blacklist_matches } : {}),
      ...(ctx.body.renter_blacklist_pld_matches !== undefined ? { renter_blacklist_pld_matches: ctx.body.renter_blacklist_pld_matches } : {}),
      ...(latest ? { icuid: latest.icuid } : {}),
    },
    audits,
    resolution: ctx.body.comment ?? '',
  };
};

/**
 * OS: the rent's accepted guarantor approved or not, through decideAvalApproval (support may decide at any step);
 * an obligado solidario's joint-guarantor flags too (is_os_confirmed true, is_os_approved).
 */
const completeJointGuarantor: Action = async (ctx) => {
  const approved = needApproval(ctx.body);
  const ruid = rentOf(ctx);
  const scoped = { ...ctx.database, db: ctx.trx } as Database;
  const current = await rentInvitationsRepository.findCurrent(scoped, ruid, 'aval');
  if (!current || current.status !== 'accepted') throw new AppError('CONFLICT', M.noGuarantor);
  const obligado = current.atype === 'obligado';
  await decideAvalApproval(scoped, {
    actor: ctx.actor, iuid: current.iuid,
    changes: obligado ? { is_approved: approved, is_os_confirmed: true, is_os_approved: approved } : { is_approved: approved },
  });
  return {
    completion: { ruid, iuid: current.iuid, is_approved: approved, ...(obligado ? { is_os_confirmed: true, is_os_approved: approved } : {}) },
    audits: [
      { action: 'complete', rtable: 'rent_invitations', rkey: current.iuid, rcolumn: 'is_approved', oldValue: current.is_approved, newValue: approved },
      ...(obligado ? [{ action: 'complete' as const, rtable: 'rent_invitations', rkey: current.iuid, rcolumn: 'is_os_approved', oldValue: current.is_os_approved, newValue: approved }] : []),
    ],
    resolution: ctx.body.comment ?? '',
  };
};

/**
 * AG (decision 029): a ticket opened by an agent's join request (agency_agents.ag_tuid) records support's
 * verification on that request — verified true ('Asesor verificado' in the agency's panel) or false — and leaves
 * the agent flag and the seat to the agency's approval. An AG ticket without a join request (opened from the help
 * centre) sets the client's is_agent setting, as before agencies existed.
 */
const completeAgent: Action = async (ctx) => {
  const approved = needApproval(ctx.body);
  const linked = await sql<{ agent_uid: string; verified: boolean | null }>`
    SELECT agent_uid, verified FROM agency_agents WHERE ag_tuid = ${ctx.ticket.tuid} ORDER BY requested_at FOR UPDATE`.execute(ctx.trx);
  if (linked.rows.length > 0) {
    await sql`UPDATE agency_agents SET verified = ${approved}, verified_at = now() WHERE ag_tuid = ${ctx.ticket.tuid}`.execute(ctx.trx);
    return {
      completion: { cuid: ctx.ticket.author_cuid, uid: ctx.ticket.author_cuid, is_approved: approved, agent_uids: linked.rows.map((r) => r.agent_uid) },
      audits: linked.rows.map((r) => ({ action: 'complete' as const, rtable: 'agency_agents', rkey: r.agent_uid, rcolumn: 'verified', oldValue: r.verified, newValue: approved })),
      resolution: ctx.body.comment ?? '',
    };
  }
  const cuid = clientOf(ctx);
  const client = await sql<{ is_agent: boolean }>`SELECT is_agent FROM clients WHERE cuid = ${cuid} FOR UPDATE`.execute(ctx.trx);
  if (!client.rows[0]) throw new AppError('NOT_FOUND', M.clientNotFound, { cuid: M.clientNotFound });
  await sql`UPDATE clients SET is_agent = ${approved} WHERE cuid = ${cuid}`.execute(ctx.trx);
  return {
    completion: { cuid, uid: cuid, is_approved: approved },
    audits: [{ action: 'complete', rtable: 'clients', rkey: cuid, rcolumn: 'is_agent', oldValue: client.rows[0].is_agent, newValue: approved }],
    resolution: ctx.body.comment ?? '',
  };
};

/** AY, RF, PG, FE: no record to act on; the resolution text is required and is what the author reads. */
const completeWithResolution: Action = async (ctx) => {
  const comment = ctx.body.comment;
  if (!comment) throw bad('comment', M.resolutionRequired);
  return { completion: { comment }, audits: [], resolution: comment };
};

/** The completion action of each category (spec 03 §3 'Ticket (support)'; issue 14 'The staff panel'). */
export const COMPLETION_ACTIONS: Record<TTicketCategory, Action> = {
  LP: completeLegitimateOwner,
  ID: completeIdentity,
  CR: completeCreditInvestigation,
  OS: completeJointGuarantor,
  AG: completeAgent,
  AY: completeWithResolution,
  RF: completeWithResolution,
  PG: completeWithResolution,
  FE: completeWithResolution,
};

/**
 * Acts on the record of `ticket`'s category in `trx` (the caller's transaction, which also updates the ticket and
 * writes the audit rows): see COMPLETION_ACTIONS. `comment` is kept in the completion fields of every category.
 * @returns CompletionResult (completion fields, audit rows without actor and ticket, the author's resolution text)
 * @throws AppError BAD_REQUEST with `fields` for a missing field of the category (folio, decision, approval…);
 *   NOT_FOUND for an unknown listing, client or rent; CONFLICT without an identity process or accepted guarantor,
 *   or for an LP ticket whose author does not publish the listing
 */
export async function applyTicketCompletion(
  ctx: { trx: Kysely<any>; database: Database; actor: Actor; ticket: StaffTicketRow; body: TCompleteTicketBody },
): Promise<CompletionResult> {
  const result = await COMPLETION_ACTIONS[ctx.ticket.category](ctx);
  return { ...result, completion: { category: ctx.ticket.category, ...result.completion, ...(ctx.body.comment ? { comment: ctx.body.comment } : {}) } };
}
