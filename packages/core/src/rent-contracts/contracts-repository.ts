import { sql } from 'kysely';
import type { Database } from '@nj/db';
import type { ContractSignerRole } from '@nj/contracts';

/** A rent's contract row (table rent_contracts, migration 036). */
export type ContractRow = {
  ruid: string; pdf_key: string; pdf_sha256: string; generated_by: string | null; generated_at: Date;
  provider: string | null; submission_id: string | null; signed_pdf_key: string | null; audit_key: string | null; completed_at: Date | null;
};
/** One signing party (table rent_contract_signers). */
export type SignerRow = {
  ruid: string; role: ContractSignerRole; cuid: string | null; name: string; email: string;
  submitter_id: string | null; signing_url: string | null; signed_at: Date | null;
};

/** Database executors: the pool or a transaction. */
type Executor = Database['db'];
const time = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** The SQL of the lease contracts and their signers. */
export const contractsRepository = {
  /** The contract of rent `ruid`, or undefined. */
  async find(db: Executor, ruid: string): Promise<ContractRow | undefined> {
    const { rows: [row] } = await sql<ContractRow>`SELECT * FROM rent_contracts WHERE ruid = ${ruid}`.execute(db);
    return row && { ...row, generated_at: time(row.generated_at)!, completed_at: time(row.completed_at) };
  },

  /** The contract whose provider submission is `submissionId`, or undefined. */
  async findBySubmission(db: Executor, provider: string, submissionId: string): Promise<ContractRow | undefined> {
    const { rows: [row] } = await sql<{ ruid: string }>`SELECT ruid FROM rent_contracts WHERE provider = ${provider} AND submission_id = ${submissionId}`.execute(db);
    return row ? this.find(db, row.ruid) : undefined;
  },

  /** The signers of rent `ruid`'s contract, in signing order (tenant, second renter, aval, owner). */
  async signers(db: Executor, ruid: string): Promise<SignerRow[]> {
    const { rows } = await sql<SignerRow>`
      SELECT * FROM rent_contract_signers WHERE ruid = ${ruid}
      ORDER BY CASE role WHEN 'renter' THEN 1 WHEN 'second_renter' THEN 2 WHEN 'aval' THEN 3 ELSE 4 END`.execute(db);
    return rows.map((r) => ({ ...r, signed_at: time(r.signed_at) }));
  },

  /** Writes a (new) draft: its file and hash; drops any earlier submission and signers (nobody had signed). */
  async saveDraft(db: Executor, input: { ruid: string; pdfKey: string; sha256: string; by: string }): Promise<void> {
    await sql`DELETE FROM rent_contract_signers WHERE ruid = ${input.ruid}`.execute(db);
    await sql`
      INSERT INTO rent_contracts (ruid, pdf_key, pdf_sha256, generated_by) VALUES (${input.ruid}, ${input.pdfKey}, ${input.sha256}, ${input.by})
      ON CONFLICT (ruid) DO UPDATE SET pdf_key = excluded.pdf_key, pdf_sha256 = excluded.pdf_sha256, generated_by = excluded.generated_by,
        generated_at = now(), provider = NULL, submission_id = NULL, signed_pdf_key = NULL, audit_key = NULL, completed_at = NULL, updated_at = now()`.execute(db);
  },

  /** Records the provider's submission and its signers (only when none was recorded: a concurrent call loses). @returns false when another won */
  async saveSubmission(db: Executor, input: { ruid: string; provider: string; submissionId: string; signers: Omit<SignerRow, 'ruid' | 'signed_at'>[] }): Promise<boolean> {
    const result = await sql`UPDATE rent_contracts SET provider = ${input.provider}, submission_id = ${input.submissionId}, updated_at = now()
                             WHERE ruid = ${input.ruid} AND submission_id IS NULL`.execute(db);
    if (Number(result.numAffectedRows ?? 0) === 0) return false;
    for (const s of input.signers) {
      await sql`INSERT INTO rent_contract_signers (ruid, role, cuid, name, email, submitter_id, signing_url)
                VALUES (${input.ruid}, ${s.role}, ${s.cuid}, ${s.name}, ${s.email}, ${s.submitter_id}, ${s.signing_url})`.execute(db);
    }
    return true;
  },

  /** Marks `role` signed at `at` (first time only). */
  async markSigned(db: Executor, ruid: string, role: string, at: Date): Promise<void> {
    await sql`UPDATE rent_contract_signers SET signed_at = coalesce(signed_at, ${at}) WHERE ruid = ${ruid} AND role = ${role}`.execute(db);
  },

  /** Marks the contract complete with its stored signed PDF and audit trail. @returns false when it already was */
  async complete(db: Executor, input: { ruid: string; signedPdfKey: string; auditKey: string | null }): Promise<boolean> {
    const result = await sql`UPDATE rent_contracts SET signed_pdf_key = ${input.signedPdfKey}, audit_key = ${input.auditKey}, completed_at = now(), updated_at = now()
                             WHERE ruid = ${input.ruid} AND completed_at IS NULL`.execute(db);
    return Number(result.numAffectedRows ?? 0) > 0;
  },
};
