/**
 * Electronic signature of the lease (issue 13; decision 021): one adapter per provider — DocuSeal's API or the
 * sandbox — chosen by configuration (ESIGN_PROVIDER), built once per process into AppServices.eSignature.
 */

/** One person asked to sign: our role name is the provider's submitter role; `externalId` is `{ruid}:{role}`. */
export type ESignSubmitterInput = { role: string; name: string; email: string; externalId: string };

/** A submitter as the provider reports it. */
export type ESignSubmitter = {
  id: string; role: string; email: string;
  /** The submitter's personal signing page. */
  signingUrl: string;
  status: 'pending' | 'opened' | 'completed' | 'declined';
  completedAt: Date | null;
};

/** A submission (one document, several submitters) as the provider reports it. */
export type ESignSubmission = {
  id: string;
  status: 'pending' | 'completed' | 'declined' | 'expired';
  submitters: ESignSubmitter[];
  /** Where the signed document and the audit trail are downloaded from once completed (null before). */
  signedDocumentUrl: string | null;
  auditLogUrl: string | null;
};

/**
 * One e-signature provider. Every call throws AppError UNAVAILABLE (CONTRACT_MESSAGES.providerUnavailable) when the
 * provider cannot answer (timeout, network, 5xx, an answer without the documented shape).
 */
export type ESignatureProvider = {
  name: 'docuseal' | 'sandbox' | 'none';
  /** Creates a submission from `pdf` with one submitter per entry (no e-mail from the provider: we send the links). */
  createSubmission(input: { name: string; pdf: Buffer; submitters: ESignSubmitterInput[] }): Promise<ESignSubmission>;
  /** The submission's current state. */
  getSubmission(id: string): Promise<ESignSubmission>;
  /** Downloads a document URL the provider gave (signed PDF, audit log). */
  download(url: string): Promise<Buffer>;
};
