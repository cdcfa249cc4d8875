import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  CREDIT_INVESTIGATION_MESSAGES as M, QUICK_INVESTIGATION_FEE_MXN, RENTS_MESSAGES, type InvestigationFileField,
  type TCreditInvestigationFields, type TInvestigationView, ZCreditInvestigationFields,
} from '@nj/contracts';
import type { Database, DB } from '@nj/db';
import { rateKey, requireNotLimited, type RateLimiter } from '../accounts/rate-limiter.ts';
import { buildCirculoRequest } from '../credit-bureau/build-circulo-request.ts';
import type { CreditBureauPerson, CreditBureauProvider } from '../credit-bureau/credit-bureau-provider.ts';
import { toCreditReportRecord } from '../credit-bureau/to-credit-report-record.ts';
import { AppError, isAppError } from '../errors/app-error.ts';
import { assertBureauConsent } from '../bureau-consent/confirm-bureau-pin.ts';
import { discardMediaKeys, recordPendingKeys, settlePendingKeys } from '../media/pending-media.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { Actor } from '../policies/actor.ts';
import { rentPolicy } from '../policies/rent.ts';
import { checkDocumentContent } from '../rent-documents/check-document-content.ts';
import { documentsRepository } from '../rent-documents/documents-repository.ts';
import { storePersonDocument } from '../rent-documents/store-person-document.ts';
import { getOfferOverview } from '../rent-offers/get-offer-overview.ts';
import { loadRentFor } from '../rents/rent-access.ts';
import { screenPerson, type ScreeningHit } from '../screening/screen-person.ts';
import { screeningRepository } from '../screening/screening-repository.ts';
import { tablesOf } from '../screening/screening-tables.ts';
import { openSealedBytes, sealBytes } from '../security/seal-bytes.ts';
import { sealText } from '../security/seal-text.ts';
import { decideCreditPassed, type CreditRuleSettings } from './decide-credit-passed.ts';
import { presentInvestigation } from './present-investigation.ts';
import { renderCreditReportPdf } from './render-credit-report-pdf.ts';
import { investigationsRepository } from './investigations-repository.ts';

/** Steps in which the renter may run the investigation (issue 12: with the proposal in process or sent). */
export const INVESTIGATION_STEPS: ReadonlySet<string> = new Set(['client_offer_in_process', 'on_offer']);
/** A run still 'in_process' after this long is taken as dead (its process crashed) and no longer blocks a new one. */
export const INVESTIGATION_STALE_MS = 5 * 60_000;

/** One file part of the form. */
export type InvestigationFile = { field: InvestigationFileField; file: Buffer; filename: string };

export type InvestigationDeps = {
  database: Database; storage: MediaStorage; creditBureau: CreditBureauProvider; limiter: RateLimiter;
  config: { dataKey: Buffer; creditRule: CreditRuleSettings };
};

/** Storage key prefix of the sealed credit report PDFs (m_sic_pdf); /media serves nothing under it. */
export const CREDIT_REPORTS_PREFIX = 'credit-reports/';

/** Bureau queries one renter may start per day (each is a paid query that the person's credit file records). */
export const INVESTIGATION_RATE_LIMIT = { limit: 5, windowMs: 24 * 60 * 60_000 } as const;

const KIND: Record<InvestigationFileField, 'poa' | 'poi' | 'poi_second'> = { proof_of_address: 'poa', proof_of_income: 'poi', partner_proof_of_income: 'poi_second' };
/** The form's text fields checked by ZCreditInvestigationFields. @throws AppError BAD_REQUEST with `fields` (first message per field). */
function parseFields(raw: Record<string, string>): TCreditInvestigationFields {
  const parsed = ZCreditInvestigationFields.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  throw new AppError('BAD_REQUEST', Object.values(fields)[0]!, fields);
}
/** The bureau's field names (CreditBureauPerson) → the form's. */
const FORM_FIELD: Record<string, string> = {
  firstName: 'first_name', firstLastName: 'first_last_name', otherLastNames: 'other_last_names', street: 'address',
};
/** Runs `work`, renaming the fields of a bureau refusal (AppError with fields) to the form's field names. */
function toFormFields<T>(work: () => T): T {
  const rename = (error: unknown): never => {
    if (isAppError(error) && error.fields) {
      throw new AppError(error.code, error.msg, Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [FORM_FIELD[k] ?? k, v])));
    }
    throw error;
  };
  try {
    const result = work();
    return (result instanceof Promise ? result.catch(rename) : result) as T;
  } catch (error) {
    return rename(error);
  }
}
const fullName = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

/**
 * Runs the renter's quick investigation of rent `ruid` (POST /v1/rents/creditinvestigation; spec 03 §3 "Credit-
 * investigation form", Rent ic / current_ic_process(_status) / last_completed_ic / is_cr_passed, "Credit report
 * record", Transaction type ic; issue 12 'Investigation'; decision 017). Only the rent's renter, with the proposal in
 * client_offer_in_process or on_offer, and not while another run of the rent is in process.
 * In order, nothing written before every check passed: the person's data as the bureau takes it
 * (buildCirculoRequest), the files by content (checkDocumentContent; files only in client_offer_in_process), and
 * existing_poa / existing_poi against the proofs stored in the rent; then one hit of INVESTIGATION_RATE_LIMIT (5 bureau
 * queries per renter a day). Then the files are stored sealed
 * (storePersonDocument: proof_of_address with the form's address, proof_of_income, partner_proof_of_income as
 * poi_second), the run recorded 'in_process' (the form sealed) and the bureau asked (deps.creditBureau). A bureau
 * failure marks the run 'failed' and rethrows (the stored proofs and the sealed form stay, so nothing entered is lost,
 * until a later run completes: then the failed runs' forms are dropped).
 * On an answer: the renter (name, RFC, CURP) and the partner (name) are screened (screenPerson), the rule decides
 * (decideCreditPassed with the rent's price and maintenance, the form's total_income as verified when a proof of
 * income is stored, deps.config.creditRule), and one transaction stores the credit report record (the answer sealed),
 * with its PDF (renderCreditReportPdf, sealed in the storage under CREDIT_REPORTS_PREFIX: m_sic_pdf), the matches, a
 * pending ic transaction of QUICK_INVESTIGATION_FEE_MXN, and the rent's is_cr_passed,
 * renter_credit_score, renter_credit_score_reasons, ic, current_ic_process_status 'completed' and last_completed_ic.
 * @param input `{ actor, ruid, fields (the form's text fields as sent; checked here by ZCreditInvestigationFields once
 *   the rent is authorized), files }`
 * @returns TInvestigationView of the rent
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for the owner; CONFLICT in another step, blocked
 *   conversation, without the renter's authorization of the bureau query (assertBureauConsent, decision 020) or a run in process; BAD_REQUEST with `fields` for data the bureau would refuse, a missing stored
 *   proof or a bad file (also PAYLOAD_TOO_LARGE / UNSUPPORTED_MEDIA from the content check); RATE_LIMITED past
 *   INVESTIGATION_RATE_LIMIT; UNAVAILABLE
 *   (CREDIT_BUREAU_MESSAGES.unavailable) when the bureau does not answer
 */
export async function runCreditInvestigation(
  deps: InvestigationDeps,
  input: { actor: Actor; ruid: string; fields: Record<string, string>; files: InvestigationFile[] },
): Promise<TInvestigationView> {
  const { database } = deps;
  const { rent, role } = await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'act');
  if (role !== 'renter') throw new AppError('FORBIDDEN', M.renterOnly);
  if (rent.blocked_by) throw new AppError('CONFLICT', RENTS_MESSAGES.conversationBlocked);
  if (!INVESTIGATION_STEPS.has(rent.step)) throw new AppError('CONFLICT', M.stepNotAllowed);
  await assertBureauConsent(database, rent.renter_cuid);
  const f = parseFields({ ...input.fields, ruid: rent.ruid });

  // Checks first: nothing is written when any of them refuses.
  const person: CreditBureauPerson = {
    firstName: fullName(f.first_name), otherNames: f.other_names, firstLastName: f.first_last_name, otherLastNames: f.other_last_names,
    birthdate: f.birthdate, rfc: f.rfc, curp: f.curp, nationality: f.nationality,
    address: { street: f.address, neighborhood: f.neighborhood, municipality: f.municipality, city: f.city, state: f.state, cp: f.cp },
    reference: rent.ruid,
  };
  toFormFields(() => buildCirculoRequest(person));
  if (input.files.length > 0 && rent.step !== 'client_offer_in_process') {
    throw new AppError('BAD_REQUEST', M.filesOnlyInProcess, Object.fromEntries(input.files.map((file) => [file.field, M.filesOnlyInProcess])));
  }
  for (const file of input.files) {
    try {
      await checkDocumentContent(file.file, file.filename);
    } catch (error) {
      if (isAppError(error)) throw new AppError(error.code, error.msg, { [file.field]: error.msg });
      throw error;
    }
  }
  const place = (kind: 'poa' | 'poi') => ({ cuid: rent.renter_cuid, kind, ruid: rent.ruid, role: 'renter' as const });
  const uploaded = (field: InvestigationFileField) => input.files.some((file) => file.field === field);
  const stored = async (kind: 'poa' | 'poi') => Boolean(await documentsRepository.findAt(database.db, place(kind)));
  if (f.existing_poa && !uploaded('proof_of_address') && !(await stored('poa'))) throw new AppError('BAD_REQUEST', M.noStoredPoa, { existing_poa: M.noStoredPoa });
  if (f.existing_poi && !uploaded('proof_of_income') && !(await stored('poi'))) throw new AppError('BAD_REQUEST', M.noStoredPoi, { existing_poi: M.noStoredPoi });

  const staleBefore = new Date(Date.now() - INVESTIGATION_STALE_MS);
  const current = await investigationsRepository.rentState(database, rent.ruid);
  if (current?.current_ic_process_status === 'in_process' && current.updated_at && current.updated_at > staleBefore) throw new AppError('CONFLICT', M.alreadyRunning);
  await requireNotLimited(deps.limiter, [{ key: rateKey('credit-investigation', rent.renter_cuid), ...INVESTIGATION_RATE_LIMIT }]);

  for (const file of input.files) {
    await storePersonDocument(deps, {
      actor: input.actor, ruid: rent.ruid, role: 'renter', kind: KIND[file.field], file: file.file, filename: file.filename,
      address: file.field === 'proof_of_address'
        ? { addr: f.address, neighborhood: f.neighborhood ?? '', city: f.city, municipality: f.municipality, state: f.state, cp: f.cp }
        : null,
    });
  }
  const hasPoa = uploaded('proof_of_address') || (f.existing_poa && (await stored('poa')));
  const hasPoi = uploaded('proof_of_income') || (f.existing_poi && (await stored('poi')));
  const hasPartner = Boolean(f.partner_first_name);

  const icuid = randomUUID();
  const started = await investigationsRepository.start(database, {
    icuid, ruid: rent.ruid, cuid: rent.renter_cuid, renter_type: f.renter_type, form_sealed: sealText(deps.config.dataKey, JSON.stringify(f)),
    has_partner: hasPartner, has_poa: hasPoa, has_poi: hasPoi, total_income: f.total_income,
  }, staleBefore);
  if (!started) throw new AppError('CONFLICT', M.alreadyRunning);

  let report;
  try {
    report = await toFormFields(() => deps.creditBureau.getReport({ ...person, reference: icuid }));
  } catch (error) {
    const msg = isAppError(error) ? error.msg : 'Error';
    await investigationsRepository.fail(database, icuid, rent.ruid, msg);
    throw error;
  }

  const hits: (ScreeningHit & { person: 'renter' | 'partner' })[] = [
    ...(await screenPerson(database, { name: fullName(f.first_name, f.other_names, f.first_last_name, f.other_last_names), rfc: f.rfc, curp: f.curp ?? null }))
      .map((hit) => ({ ...hit, person: 'renter' as const })),
    ...(hasPartner
      ? (await screenPerson(database, { name: fullName(f.partner_first_name, f.partner_first_last_name, f.partner_other_last_names) })).map((hit) => ({ ...hit, person: 'partner' as const }))
      : []),
  ];
  const lists = await screeningRepository.lists(database);
  const decision = decideCreditPassed({
    score: report.score, monthlyRent: rent.price, monthlyMaintenance: rent.maintenance_fee ?? 0,
    verifiedMonthlyIncome: hasPoi ? f.total_income : null,
    matches: hits,
    listsAvailable: { blacklist: lists.some((l) => l.kind === 'blacklist'), pld: lists.some((l) => l.kind === 'pld') },
  }, deps.config.creditRule);
  // The report's PDF, sealed like the personal documents, under a key /media never serves.
  const pdfKey = `${CREDIT_REPORTS_PREFIX}${rent.renter_cuid.toLowerCase().replace(/[^a-z0-9_-]/g, '') || 'x'}/${randomBytes(16).toString('hex')}.bin`;
  const pdf = await renderCreditReportPdf(report, { name: fullName(f.first_name, f.other_names, f.first_last_name, f.other_last_names), rfc: f.rfc, birthdate: f.birthdate });
  await recordPendingKeys(database.db, [pdfKey]);
  const record = toCreditReportRecord({ uid: randomUUID(), renterType: f.renter_type, report, pdfKey });
  const tuid = randomUUID();

  try {
    await deps.storage.put(pdfKey, sealBytes(deps.config.dataKey, pdf), { contentType: 'application/octet-stream' });
    await tablesOf(database).transaction().execute(async (trx) => {
      await settlePendingKeys(trx as unknown as Kysely<DB>, [pdfKey]);
      await trx.insertInto('credit_reports').values({
        m_uid: record.m_uid, icuid, cuid: rent.renter_cuid, m_status: record.m_status, m_rtype: record.m_rtype, m_createdat: record.m_createdat,
        m_updatedat: record.m_updatedat, m_ttl: record.m_ttl, m_sic_pdf: record.m_sic_pdf, m_multiburo_pdf: record.m_multiburo_pdf,
        m_report_pwd: record.m_report_pwd, m_sicprovider: record.m_sicprovider, m_sicresponse_sealed: sealText(deps.config.dataKey, record.m_sicresponse),
        m_sicsource: record.m_sicsource, m_sicusername: record.m_sicusername, score: record.renter_credit_score,
        score_reasons: JSON.stringify(record.renter_credit_score_reasons),
      }).execute();
      const seen = new Set<string>();
      for (const hit of hits) {
        const key = `${hit.person}\u0000${hit.listId}\u0000${hit.entryId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        await trx.insertInto('screening_matches').values({
          icuid, person: hit.person, list_id: hit.listId, list_kind: hit.listKind, entry_id: hit.entryId, list_ref: hit.listRef,
          entry_name: hit.entryName, entry_status: hit.entryStatus, score: hit.score, matched_by: hit.by, strength: hit.strength,
        }).execute();
      }
      await trx.insertInto('transactions').values({
        tuid, cuid: rent.renter_cuid, amount_cents: QUICK_INVESTIGATION_FEE_MXN * 100, ttype: 'ic', tstatus: 'pending', duedate: null, icuid, ruid: rent.ruid,
        description: M.icTransactionDescription,
        referid: rent.ruid, reftype: 'rent', cfr: rent.renter_cuid, cto: null, provider_order_id: null, provider_checkout_id: null,
      }).execute();
      await trx.updateTable('credit_investigations').set({
        status: 'completed', outcome: decision.outcome, outcome_reasons: JSON.stringify(decision.reasons), form_sealed: null, updated_at: sql<Date>`now()`,
      }).where('icuid', '=', icuid).execute();
      // Earlier failed runs' sealed forms are no longer needed once one completed.
      await trx.updateTable('credit_investigations').set({ form_sealed: null }).where('ruid', '=', rent.ruid).where('status', '=', 'failed').execute();
      await sql`
        UPDATE rents SET is_cr_passed = ${decision.isCrPassed}, renter_credit_score = ${report.score},
          renter_credit_score_reasons = ${JSON.stringify(report.reasons)}, ic = ${tuid}, last_completed_ic = ${icuid},
          current_ic_process_status = CASE WHEN current_ic_process = ${icuid} THEN 'completed' ELSE current_ic_process_status END
        WHERE ruid = ${rent.ruid}`.execute(trx);
    });
  } catch (error) {
    await discardMediaKeys(deps, [pdfKey]);
    await investigationsRepository.fail(database, icuid, rent.ruid, M.saveFailed);
    throw error;
  }
  return (await presentInvestigation(database, rent))!;
}

/**
 * The investigation of rent `ruid` (GET /v1/rents/creditinvestigation?ruid): both parties of the rent; the owner
 * only once the proposal was sent (as the review).
 * @returns TInvestigationView, or null when none ran
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger; FORBIDDEN for the owner before the proposal is sent
 */
export async function getCreditInvestigation(database: Database, input: { actor: Actor; ruid: string }): Promise<TInvestigationView | null> {
  await getOfferOverview(database, input);
  const { rent } = await loadRentFor(database, input.actor, input.ruid, rentPolicy, 'read');
  return presentInvestigation(database, rent);
}

/**
 * The PDF of the renter's latest completed credit report in rent `ruid` (GET /v1/rents/creditinvestigation/pdf?ruid;
 * spec 03 §3 m_sic_pdf): only the renter, whose report it is — the owner reads the score and results, never the
 * report. Opened from the sealed copy in the storage.
 * @returns `{ body, filename }` (application/pdf)
 * @throws AppError UNAUTHORIZED; NOT_FOUND for a stranger or when no report with a PDF exists; FORBIDDEN for the owner
 */
export async function getCreditReportPdf(
  deps: { database: Database; storage: MediaStorage; config: { dataKey: Buffer } },
  input: { actor: Actor; ruid: string },
): Promise<{ body: Buffer; filename: string }> {
  const { rent, role } = await loadRentFor(deps.database, input.actor, input.ruid, rentPolicy, 'read');
  if (role !== 'renter') throw new AppError('FORBIDDEN', M.reportOwnOnly);
  const state = await investigationsRepository.rentState(deps.database, rent.ruid);
  const row = state?.last_completed_ic
    ? await tablesOf(deps.database).selectFrom('credit_reports').select(['m_sic_pdf', 'm_sicsource']).where('icuid', '=', state.last_completed_ic).executeTakeFirst()
    : undefined;
  const stored = row?.m_sic_pdf ? await deps.storage.get(row.m_sic_pdf) : null;
  if (!row || !stored) throw new AppError('NOT_FOUND', M.reportNotFound);
  return { body: openSealedBytes(deps.config.dataKey, stored.body), filename: `reporte-de-credito-${row.m_sicsource.split(':').at(-1) ?? 'folio'}.pdf` };
}
