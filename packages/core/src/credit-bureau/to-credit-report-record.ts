import type { CreditBureauReport } from './credit-bureau-provider.ts';

/**
 * The spec's credit report record (spec 03 §3 "Credit report record") plus the score fields the rent shows (spec 03
 * §3 Rent: renter_credit_score, renter_credit_score_reasons).
 */
export type CreditReportRecord = {
  m_uid: string;
  /** 'completed': the bureau answered (only answered queries become records). */
  m_status: 'completed';
  /** Whose report: the credit-investigation form's renter_type (e.g. 'renter', 'second_renter', 'aval'). */
  m_rtype: string;
  /** ISO 8601 date-times. */
  m_createdat: string;
  m_updatedat: string;
  /** Time to live: the ISO 8601 date-time after which the report is not reused (the report's expiresAt). */
  m_ttl: string;
  /** Storage key of the report's PDF once rendered; null until then (the bureau's API answers JSON only). */
  m_sic_pdf: string | null;
  /** Storage key of a multi-bureau PDF; null (one bureau is queried). */
  m_multiburo_pdf: string | null;
  /** Password protecting the PDF, when it has one; null. */
  m_report_pwd: string | null;
  /** 'circulo_de_credito', or 'sandbox'. */
  m_sicprovider: 'circulo_de_credito' | 'sandbox';
  /** The bureau's answer as received (JSON text): sensitive, to be stored encrypted. */
  m_sicresponse: string;
  /** The product queried and its folio: 'rccficoscore:{folioConsulta}'. */
  m_sicsource: string;
  /** The bureau user the query was made with; null in the sandbox. */
  m_sicusername: string | null;
  renter_credit_score: number | null;
  renter_credit_score_reasons: string[];
};

/**
 * Maps a bureau answer to the spec's credit report record (spec 03 §3). Takes the record's uid, the renter type of
 * the form, the CreditBureauReport and the storage key of its PDF when one was made; returns the CreditReportRecord
 * (created and updated at the query's time, m_ttl at its expiry). Pure; never throws.
 */
export function toCreditReportRecord(input: { uid: string; renterType: string; report: CreditBureauReport; pdfKey?: string | null }): CreditReportRecord {
  const { report } = input;
  const at = report.queriedAt.toISOString();
  return {
    m_uid: input.uid,
    m_status: 'completed',
    m_rtype: input.renterType,
    m_createdat: at,
    m_updatedat: at,
    m_ttl: report.expiresAt.toISOString(),
    m_sic_pdf: input.pdfKey ?? null,
    m_multiburo_pdf: null,
    m_report_pwd: null,
    m_sicprovider: report.provider === 'circulo' ? 'circulo_de_credito' : 'sandbox',
    m_sicresponse: report.response,
    m_sicsource: `${report.source}:${report.folio}`,
    m_sicusername: report.username,
    renter_credit_score: report.score,
    renter_credit_score_reasons: [...report.reasons],
  };
}
