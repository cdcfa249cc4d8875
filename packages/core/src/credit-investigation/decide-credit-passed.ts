/**
 * The settings of the is_cr_passed rule (ServerConfig.creditRule; decision 017): INVESTIGATION_INCOME_MULTIPLE,
 * INVESTIGATION_MIN_SCORE, INVESTIGATION_GOOD_SCORE.
 */
export type CreditRuleSettings = {
  /** Verified monthly income must be at least this many times (rent + maintenance): 3 = rent at most a third. */
  incomeMultiple: number;
  /** FICO® Score below this fails (FICO's 'poor' band ends at 579). */
  minScore: number;
  /** FICO® Score from this passes; between minScore and this goes to review (FICO's 'fair' band, 580–669). */
  goodScore: number;
};

/** The rule's defaults: rent + maintenance at most a third of income; FICO 580 fails below, 670 passes from. */
export const DEFAULT_CREDIT_RULE: CreditRuleSettings = { incomeMultiple: 3, minScore: 580, goodScore: 670 };

/** Why an investigation did not simply pass (each has its Spanish text in CREDIT_INVESTIGATION_MESSAGES.reasons). */
export type CreditRuleReason =
  | 'blacklist_definitive' | 'pld_match' | 'score_low' | 'income_short'
  | 'blacklist_presumed' | 'weak_match' | 'no_score' | 'score_fair' | 'income_unverified' | 'rent_unknown' | 'lists_unavailable';

/** One list match as the rule weighs it (screen-person.ts ScreeningHit). */
export type CreditRuleMatch = { listId: string; listKind: 'blacklist' | 'pld'; entryStatus: string | null; strength: 'strong' | 'weak' };

export type CreditRuleInput = {
  /** The bureau's FICO® Score 300–850; null when the person has no score (no credit history). */
  score: number | null;
  /** The proposal's monthly rent and maintenance, MXN; rent null when not set yet. */
  monthlyRent: number | null;
  monthlyMaintenance: number;
  /** Monthly income backed by a proof of income, MXN; null when there is no proof. */
  verifiedMonthlyIncome: number | null;
  /** The matches of the renter and their partner against the screening lists. */
  matches: CreditRuleMatch[];
  /** False when a kind of list (the SAT's blacklist, a PLD list) has never been imported, so nobody was screened
   *  against it; default true. */
  listsAvailable?: { blacklist: boolean; pld: boolean };
};

export type CreditDecision = {
  /** true passed, false failed, null the owner (or support) must review. */
  isCrPassed: boolean | null;
  outcome: 'passed' | 'review' | 'failed';
  /** Every reason found, failing ones first. */
  reasons: CreditRuleReason[];
};

const FAILING: ReadonlySet<CreditRuleReason> = new Set(['blacklist_definitive', 'pld_match', 'score_low', 'income_short']);
const cents = (mxn: number): number => Math.round(mxn * 100);

/**
 * The is_cr_passed rule (spec 03 §3 Rent is_cr_passed; issue 12 'Investigation'; decision 017). Pure.
 * Fails on any of: a strong match on the SAT 69-B list in situation 'Definitivo'; a strong match on a PLD list
 * (OFAC SDN); a score below settings.minScore; rent + maintenance above verified income / settings.incomeMultiple
 * (compared in centavos: exactly a third passes). Otherwise goes to review on any of: a strong 69-B match in another
 * situation (Presunto); any weak match; a kind of list never imported (listsAvailable); no score; a score below settings.goodScore; no verified income; no rent set.
 * Otherwise passes. Takes CreditRuleInput (MXN amounts) and CreditRuleSettings; returns CreditDecision. Never throws.
 */
export function decideCreditPassed(input: CreditRuleInput, settings: CreditRuleSettings = DEFAULT_CREDIT_RULE): CreditDecision {
  const reasons = new Set<CreditRuleReason>();
  for (const match of input.matches) {
    if (match.strength === 'weak') reasons.add('weak_match');
    else if (match.listKind === 'pld') reasons.add('pld_match');
    else if ((match.entryStatus ?? '').trim().toUpperCase() === 'DEFINITIVO') reasons.add('blacklist_definitive');
    else reasons.add('blacklist_presumed');
  }
  if (input.listsAvailable && (!input.listsAvailable.blacklist || !input.listsAvailable.pld)) reasons.add('lists_unavailable');
  if (input.score === null) reasons.add('no_score');
  else if (input.score < settings.minScore) reasons.add('score_low');
  else if (input.score < settings.goodScore) reasons.add('score_fair');
  if (input.monthlyRent === null) reasons.add('rent_unknown');
  else if (input.verifiedMonthlyIncome === null || input.verifiedMonthlyIncome <= 0) reasons.add('income_unverified');
  else if (cents(input.monthlyRent + input.monthlyMaintenance) * settings.incomeMultiple > cents(input.verifiedMonthlyIncome)) reasons.add('income_short');
  const ordered = [...reasons].sort((a, b) => Number(FAILING.has(b)) - Number(FAILING.has(a)));
  if (ordered.some((r) => FAILING.has(r))) return { isCrPassed: false, outcome: 'failed', reasons: ordered };
  if (ordered.length > 0) return { isCrPassed: null, outcome: 'review', reasons: ordered };
  return { isCrPassed: true, outcome: 'passed', reasons: [] };
}
