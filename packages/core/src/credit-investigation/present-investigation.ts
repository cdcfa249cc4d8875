import { CREDIT_INVESTIGATION_MESSAGES as M, type InvestigationSummaryKey, type TInvestigationMatch, type TInvestigationView } from '@nj/contracts';
import type { Database } from '@nj/db';
import { deriveIdentityStatus } from '../identity-check/derive-identity-status.ts';
import { documentsRepository } from '../rent-documents/documents-repository.ts';
import { screeningRepository } from '../screening/screening-repository.ts';
import type { CreditRuleReason } from './decide-credit-passed.ts';
import { investigationsRepository } from './investigations-repository.ts';

type State = 'done' | 'attention' | 'failed' | 'pending';
/** Personal references the summary asks for (spec 03 §6: five or more). */
export const SUMMARY_REFERENCES = 5;

const listState = (matches: TInvestigationMatch[], failOn: (m: TInvestigationMatch) => boolean): State =>
  matches.length === 0 ? 'done' : matches.some(failOn) ? 'failed' : 'attention';

/**
 * The investigation of rent `ruid` as both parties read it (ZInvestigationView; spec 03 §3 Rent, §6 the owner's
 * summary): the newest run's status, the results of the newest completed run (score, reasons, matches split into the
 * 69-B blacklist and PLD lists, is_cr_passed, the rule's reasons in Spanish, the ic transaction), and the summary's
 * eight items with their real state: credit bureau (score band), payment capacity (income rule), identity (the
 * renter's INE checks, spec 03 §4), income and address proof (the rent's stored proofs), references (≥ 5 confirmed),
 * pre-approval (is_cr_passed), blacklists (SAT 69-B) and international lists (OFAC), each 'pending' until known.
 * No authorization here: callers check the rent first. @returns TInvestigationView, or null when none ever ran.
 */
export async function presentInvestigation(database: Database, rent: { ruid: string; renter_cuid: string }): Promise<TInvestigationView | null> {
  const latest = await investigationsRepository.latest(database, rent.ruid);
  if (!latest) return null;
  const state = await investigationsRepository.rentState(database, rent.ruid);
  const completed = state?.last_completed_ic ? await investigationsRepository.find(database, state.last_completed_ic) : undefined;
  const report = completed ? await investigationsRepository.report(database, completed.icuid) : undefined;
  const rows = completed ? await investigationsRepository.matches(database, completed.icuid) : [];
  const view = (kind: 'blacklist' | 'pld'): TInvestigationMatch[] => rows.filter((m) => m.list_kind === kind).map((m) => ({
    person: m.person, list_id: m.list_id, list_name: m.list_name ?? m.list_id, entry_name: m.entry_name, entry_status: m.entry_status,
    score: m.score, matched_by: m.matched_by, strength: m.strength,
  }));
  const reasons = (completed?.outcome_reasons ? JSON.parse(completed.outcome_reasons) as CreditRuleReason[] : []);
  const transaction = completed ? await investigationsRepository.transaction(database, completed.icuid) : undefined;
  const blacklist = view('blacklist');
  const pld = view('pld');

  const lists = await screeningRepository.lists(database);
  const listDate = (kind: 'blacklist' | 'pld') => lists.filter((l) => l.kind === kind).map((l) => `${l.name}${l.source_date ? ` (${l.source_date})` : ''}`).join(', ') || null;
  const identity = deriveIdentityStatus(await investigationsRepository.identityAttempts(database, rent.renter_cuid));
  const references = await investigationsRepository.confirmedReferences(database, rent.renter_cuid);
  const documents = await documentsRepository.listForRent(database, rent.ruid);
  const hasProof = (kind: string) => documents.some((d) => d.role === 'renter' && d.kind === kind);
  const has = (r: CreditRuleReason) => reasons.includes(r);

  const items: Record<InvestigationSummaryKey, { state: State; detail: string | null }> = {
    credit_bureau: !completed ? { state: 'pending', detail: null }
      : { state: has('score_low') ? 'failed' : has('no_score') || has('score_fair') ? 'attention' : 'done', detail: report?.score != null ? String(report.score) : M.reasons.no_score },
    payment_capacity: !completed ? { state: 'pending', detail: null }
      : has('income_short') ? { state: 'failed', detail: M.reasons.income_short }
        : has('income_unverified') || has('rent_unknown') ? { state: 'attention', detail: has('rent_unknown') ? M.reasons.rent_unknown : M.reasons.income_unverified }
          : { state: 'done', detail: null },
    identity: { state: identity === 'success' ? 'done' : identity === 'none' || identity === 'in-process' ? 'pending' : 'attention', detail: null },
    income_address_proof: { state: hasProof('poa') && hasProof('poi') ? 'done' : 'pending', detail: null },
    references: { state: references >= SUMMARY_REFERENCES ? 'done' : 'pending', detail: `${Math.min(references, SUMMARY_REFERENCES)}/${SUMMARY_REFERENCES}` },
    pre_approval: !completed ? { state: 'pending', detail: null }
      : { state: completed.outcome === 'passed' ? 'done' : completed.outcome === 'failed' ? 'failed' : 'attention', detail: M.outcome[completed.outcome ?? 'review'] },
    blacklists: !completed || lists.every((l) => l.kind !== 'blacklist') ? { state: 'pending', detail: listDate('blacklist') }
      : { state: listState(blacklist, (m) => m.strength === 'strong' && (m.entry_status ?? '').toUpperCase() === 'DEFINITIVO'), detail: listDate('blacklist') },
    international_lists: !completed || lists.every((l) => l.kind !== 'pld') ? { state: 'pending', detail: listDate('pld') }
      : { state: listState(pld, (m) => m.strength === 'strong'), detail: listDate('pld') },
  };

  return {
    icuid: latest.icuid,
    status: latest.status,
    failure_msg: latest.status === 'failed' ? latest.failure_msg : null,
    created_at: latest.created_at.toISOString(),
    credit_score: report?.score ?? null,
    credit_score_reasons: report ? JSON.parse(report.score_reasons) as string[] : [],
    blacklist_matches: blacklist,
    pld_matches: pld,
    is_cr_passed: completed ? (completed.outcome === 'passed' ? true : completed.outcome === 'failed' ? false : null) : null,
    outcome: completed?.outcome ?? null,
    outcome_reasons: reasons.map((code) => ({ code, text: M.reasons[code] ?? code })),
    transaction: transaction ?? null,
    summary: (Object.keys(items) as InvestigationSummaryKey[]).map((key) => ({ key, label: M.summary[key], ...items[key] })),
  };
}
