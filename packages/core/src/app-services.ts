import type { Database } from '@nj/db';
import type { RateLimiter } from './accounts/rate-limiter.ts';
import type { ServerConfig } from './config/server-config.ts';
import type { MediaStorage } from './media/storage/media-storage.ts';
import type { ChatEvents } from './rents/chat-events.ts';
import type { MessagingConfig } from './messaging/messaging-config.ts';
import type { SearchService } from './search/search-service.ts';
import type { TextMessageProvider } from './verification/text-provider/text-message-provider.ts';
import type { IdentityCheckProvider } from './identity-check/identity-check-provider.ts';
import type { CreditBureauProvider } from './credit-bureau/credit-bureau-provider.ts';
import type { BondInsurer } from './bond-insurance/bond-insurer.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import type { ESignatureProvider } from './e-signature/e-signature-provider.ts';
import type { PayoutProvider } from './payouts/payout-provider.ts';
import type { ListingSources } from './integrations/create-listing-sources.ts';

/**
 * What routes, server-rendered pages and (later) jobs use: the database, the settings, and every adapter, each
 * built once per process from ServerConfig by the server's createAppServices (apps/server/src/services.ts) and
 * reached as `app.services` in routes and `context.get(servicesContext)` in loaders. The type lives in core so the
 * web app needs nothing from the server package (issue 8 §2, docs/decisions/006-services-and-config.md).
 *
 * Social-login providers are data, not clients: `config.oauth` holds each enabled provider's credentials and
 * endpoints, and the stateless functions in core/oauth speak to it. The identity validation and the credit bureau
 * are one adapter each (a real client and a sandbox, chosen by ServerConfig); payment providers join the same way.
 */
export type AppServices = {
  database: Database;
  config: ServerConfig;
  /** Map and list search over this process's in-memory index, and the detail read. */
  search: SearchService;
  /** E-mail: SMTP through nodemailer (SMTP_URL) or the dev outbox; also the database the sandbox writes to. */
  messaging: MessagingConfig;
  /** Rate-limit counters shared across processes (Redis or the database). */
  limiter: RateLimiter;
  /** Photos and other files: S3-compatible bucket (S3_BUCKET) or DATA_DIR/media. */
  storage: MediaStorage;
  /** WhatsApp/SMS codes and messages: Twilio, the sandbox outbox, or none (refuses in Spanish). */
  textProvider: TextMessageProvider;
  /** INE validation against the INE's registry: Didit, the sandbox, or none (refuses in Spanish). */
  identityCheck: IdentityCheckProvider;
  /** Credit reports with FICO® Score: Círculo de Crédito, the sandbox, or none (refuses in Spanish). */
  creditBureau: CreditBureauProvider;
  /** Bond insurance for guarantor type nowo: APOLLO's Affiliates API, the sandbox, or none (refuses in Spanish; decision 018). */
  bondInsurer: BondInsurer;
  /** Card, OXXO and SPEI payments: Stripe Checkout or the sandbox (PAYMENTS_PROVIDER; decision 023). */
  payments: PaymentProvider;
  /** Lease e-signature: DocuSeal's API, the sandbox (signing page /firma/{slug}), or none (refuses in Spanish; decision 021). */
  eSignature: ESignatureProvider;
  /** SPEI payouts (rent to the owner, deposit back): STP's API, the sandbox, or none (PAYOUT_PROVIDER; decision 025). */
  payouts: PayoutProvider;
  /** Listing providers (issue 16; decision 033): EasyBroker's and KW's clients, their sandboxes, or null (EASYBROKER_PROVIDER, KW_PROVIDER). */
  listingSources: ListingSources;
  /** Chat messages and rent step changes of this process (issue 11), for the socket layer to broadcast. */
  chatEvents: ChatEvents;
};
