/**
 * The person a credit report is asked for, from the spec's credit-investigation form (spec 03 §3: first_name,
 * other_names, first_last_name, other_last_names, birthdate YYYY-MM-DD, rfc, curp, address, neighborhood,
 * municipality, city, state, cp, nationality).
 */
export type CreditBureauPerson = {
  firstName: string;
  otherNames?: string | undefined;
  firstLastName: string;
  otherLastNames?: string | undefined;
  /** YYYY-MM-DD. */
  birthdate: string;
  /** RFC, 10 characters or 13 with homoclave. */
  rfc: string;
  curp?: string | undefined;
  /** Two-letter country of nationality; default 'MX'. */
  nationality?: string | undefined;
  address: {
    /** Street, exterior and interior number (at least two words, as the bureau asks). */
    street: string;
    neighborhood?: string | undefined;
    municipality: string;
    city: string;
    /** A state's name, slug or the bureau's code (Jalisco, jalisco, JAL). */
    state: string;
    /** Postal code, 5 digits. */
    cp: string;
  };
  /** Our reference for the query (e.g. the credit report uid), used in logs only. */
  reference: string;
};

/** One bureau answer, reduced to what the investigation uses, with the raw answer kept for the record. */
export type CreditBureauReport = {
  provider: 'circulo' | 'sandbox';
  /** The product queried (Círculo's Reporte de Crédito Consolidado con FICO Score). */
  source: 'rccficoscore';
  /** The bureau's folio of this query (folioConsulta). */
  folio: string;
  /** FICO® Score 300–850 (higher = lower risk of default in the next 12 months); null when the bureau gives none (no history, or value 0). */
  score: number | null;
  /** The score's reason codes as the bureau lists them (FICO reason codes such as 'D8', most important first). */
  reasons: string[];
  /** The bureau's notices (mensajes: e.g. a blocked file, other bureaus not answering). */
  notices: string[];
  /** The user the query was made with (Círculo's username); null in the sandbox. */
  username: string | null;
  queriedAt: Date;
  /** When the report stops being usable for a new application (queriedAt + the report's time to live). */
  expiresAt: Date;
  /** The bureau's answer as received (JSON text), for the record (m_sicresponse); sensitive: store encrypted. */
  response: string;
};

/**
 * Asks a credit bureau for a person's report and score. Implementations: Círculo de Crédito's Reporte de Crédito
 * Consolidado con FICO® Score (circulo-credit-bureau.ts) and the sandbox (sandbox-credit-bureau.ts); chosen by
 * CREDIT_BUREAU_PROVIDER (create-credit-bureau.ts; `none` refuses every query when production has none configured).
 */
export interface CreditBureauProvider {
  readonly name: 'circulo' | 'sandbox' | 'none';
  /**
   * Queries the report of `person` (the person's authorisation must have been obtained before). Resolves with the
   * report.
   * @throws AppError BAD_REQUEST (CREDIT_BUREAU_MESSAGES.rejectedData, bad fields named) when the data is incomplete
   *   or malformed or the bureau refuses it; AppError UNAVAILABLE when the bureau cannot be reached, times out,
   *   refuses our credentials, or answers something unsigned, wrongly signed or unreadable.
   */
  getReport(person: CreditBureauPerson): Promise<CreditBureauReport>;
}

/** Days a credit report stays usable for a new application (issue 12 "A reusable tenant file": within 30 days). */
export const CREDIT_REPORT_TTL_DAYS = 30;
