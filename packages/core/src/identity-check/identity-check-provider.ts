/**
 * The data of one INE (credencial para votar) list-nominal check, as printed on the card. Which fields are needed
 * depends on the card's model (INE's own "Lista Nominal" lookup asks the same): models E, F, G and H carry the CIC
 * (9 digits after `IDMEX` on the back; the spec's 10-digit `idmex_code` is the CIC plus its check digit) and the
 * identificador ciudadano (the last 9 digits of the back's first machine-readable line); model D the CIC and the
 * 13-digit OCR; model C the clave de elector (18 characters), the número de emisión (2 digits) and the OCR.
 * validateIneCheckRequest checks the shapes before any provider is called.
 */
export type IneCheckRequest = {
  /** CIC, 9 digits. */
  cic?: string | undefined;
  /** Identificador ciudadano, 9 digits. */
  citizenId?: string | undefined;
  /** OCR (vertical number on the back of models C and D), 13 digits. */
  ocr?: string | undefined;
  /** Clave de elector, 18 characters (6 letters, 8 digits, H/M, 3 digits). */
  voterKey?: string | undefined;
  /** Número de emisión, 2 digits. */
  emissionNumber?: string | undefined;
  /** Names and birthdate of the person, compared by the provider when given. */
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** YYYY-MM-DD. */
  birthdate?: string | undefined;
  /** Our reference for the attempt (e.g. the identity process uid), sent to the provider as its vendor data. */
  reference: string;
};

/**
 * The outcome of one attempt, in the spec's terms (spec 03 §3 "Identity validation": process status 'success',
 * 'failure' or in process): `success` the INE registry confirmed the card is current; `failure` it did not (no match,
 * not found, not current); `pending` the provider holds it for review or has not finished (the spec's in-process).
 */
export type IneCheckResult = {
  status: 'success' | 'failure' | 'pending';
  /** The provider's id of this check (Didit's request_id; `sandbox-…` in the sandbox). */
  providerReference: string;
  /** The provider's own verdict, kept for support: Didit's status ('Approved', 'Declined', 'In Review', …). */
  providerStatus: string;
  /** full_match, partial_match or no_match when the provider gives it. */
  matchType: string | null;
};

/**
 * Checks an INE against the INE's registry (list-nominal / vigencia). Implementations: Didit's Database Validation
 * API (didit-identity-check.ts) and the sandbox (sandbox-identity-check.ts); chosen by IDENTITY_PROVIDER
 * (create-identity-check.ts; `none` refuses every check when production has no provider configured).
 */
export interface IdentityCheckProvider {
  readonly name: 'didit' | 'sandbox' | 'none';
  /**
   * Checks the card described by `request`. Resolves with the outcome.
   * @throws AppError BAD_REQUEST (Spanish `msg`) when the data is missing or malformed, or the provider refuses it
   *   as malformed; AppError UNAVAILABLE when the provider cannot be reached, times out, refuses our credentials or
   *   answers something we cannot read.
   */
  check(request: IneCheckRequest): Promise<IneCheckResult>;
}
