import { describe, expect, it } from 'vitest';
import { decideCreditPassed, DEFAULT_CREDIT_RULE, type CreditRuleInput, type CreditRuleMatch } from './decide-credit-passed.ts';

/** A clean applicant: good score, rent 10,000 + 1,000 maintenance, income exactly three times that. */
const clean: CreditRuleInput = { score: 720, monthlyRent: 10_000, monthlyMaintenance: 1_000, verifiedMonthlyIncome: 33_000, matches: [] };
const match = (m: Partial<CreditRuleMatch>): CreditRuleMatch => ({ listId: 'sat-69b', listKind: 'blacklist', entryStatus: 'Definitivo', strength: 'strong', ...m });

describe('decideCreditPassed (is_cr_passed, decision 017)', () => {
  it('passes a clean applicant', () => {
    expect(decideCreditPassed(clean)).toEqual({ isCrPassed: true, outcome: 'passed', reasons: [] });
  });

  it('income: exactly a third passes, one centavo more fails, none or zero verified goes to review', () => {
    expect(decideCreditPassed({ ...clean, verifiedMonthlyIncome: 33_000 }).isCrPassed).toBe(true);
    expect(decideCreditPassed({ ...clean, verifiedMonthlyIncome: 32_999.99 })).toEqual({ isCrPassed: false, outcome: 'failed', reasons: ['income_short'] });
    expect(decideCreditPassed({ ...clean, monthlyRent: 10_000.01 }).reasons).toEqual(['income_short']);
    expect(decideCreditPassed({ ...clean, verifiedMonthlyIncome: null })).toEqual({ isCrPassed: null, outcome: 'review', reasons: ['income_unverified'] });
    expect(decideCreditPassed({ ...clean, verifiedMonthlyIncome: 0 }).reasons).toEqual(['income_unverified']);
    expect(decideCreditPassed({ ...clean, monthlyRent: null }).reasons).toEqual(['rent_unknown']);
    // Decimal amounts compare in centavos: 0.1 + 0.2 is not above 0.3.
    expect(decideCreditPassed({ ...clean, monthlyRent: 0.1, monthlyMaintenance: 0.2, verifiedMonthlyIncome: 0.9 }).isCrPassed).toBe(true);
  });

  it('the multiple is configurable', () => {
    expect(decideCreditPassed({ ...clean, verifiedMonthlyIncome: 22_000 }, { ...DEFAULT_CREDIT_RULE, incomeMultiple: 2 }).isCrPassed).toBe(true);
    expect(decideCreditPassed({ ...clean, verifiedMonthlyIncome: 21_999 }, { ...DEFAULT_CREDIT_RULE, incomeMultiple: 2 }).isCrPassed).toBe(false);
  });

  it('score: 579 fails, 580 and 669 go to review, 670 passes, none goes to review', () => {
    expect(decideCreditPassed({ ...clean, score: 579 })).toEqual({ isCrPassed: false, outcome: 'failed', reasons: ['score_low'] });
    expect(decideCreditPassed({ ...clean, score: 580 })).toEqual({ isCrPassed: null, outcome: 'review', reasons: ['score_fair'] });
    expect(decideCreditPassed({ ...clean, score: 669 }).reasons).toEqual(['score_fair']);
    expect(decideCreditPassed({ ...clean, score: 670 }).isCrPassed).toBe(true);
    expect(decideCreditPassed({ ...clean, score: null }).reasons).toEqual(['no_score']);
    expect(decideCreditPassed({ ...clean, score: 600 }, { ...DEFAULT_CREDIT_RULE, minScore: 601 }).isCrPassed).toBe(false);
  });

  it('lists: a strong 69-B Definitivo or a strong PLD match fails; Presunto and weak matches go to review', () => {
    expect(decideCreditPassed({ ...clean, matches: [match({})] })).toEqual({ isCrPassed: false, outcome: 'failed', reasons: ['blacklist_definitive'] });
    expect(decideCreditPassed({ ...clean, matches: [match({ entryStatus: ' definitivo ' })] }).isCrPassed).toBe(false);
    expect(decideCreditPassed({ ...clean, matches: [match({ listId: 'ofac-sdn', listKind: 'pld', entryStatus: 'SDNTK' })] }).reasons).toEqual(['pld_match']);
    expect(decideCreditPassed({ ...clean, matches: [match({ entryStatus: 'Presunto' })] })).toEqual({ isCrPassed: null, outcome: 'review', reasons: ['blacklist_presumed'] });
    expect(decideCreditPassed({ ...clean, matches: [match({ strength: 'weak' })] }).reasons).toEqual(['weak_match']);
    expect(decideCreditPassed({ ...clean, matches: [match({ listKind: 'pld', strength: 'weak' })] }).reasons).toEqual(['weak_match']);
  });

  it('a kind of list never imported sends to review', () => {
    expect(decideCreditPassed({ ...clean, listsAvailable: { blacklist: true, pld: false } }).reasons).toEqual(['lists_unavailable']);
    expect(decideCreditPassed({ ...clean, listsAvailable: { blacklist: true, pld: true } }).isCrPassed).toBe(true);
  });

  it('failing reasons win over review reasons and all are listed, failing first', () => {
    const decision = decideCreditPassed({ ...clean, score: null, verifiedMonthlyIncome: 1_000, matches: [match({ strength: 'weak' })] });
    expect(decision).toEqual({ isCrPassed: false, outcome: 'failed', reasons: ['income_short', 'weak_match', 'no_score'] });
  });
});
