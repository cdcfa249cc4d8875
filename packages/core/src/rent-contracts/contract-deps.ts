import type { Database } from '@nj/db';
import type { ESignatureProvider } from '../e-signature/e-signature-provider.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import type { MessagingConfig } from '../messaging/messaging-config.ts';
import type { ChatEvents } from '../rents/chat-events.ts';
import type { InventoryReader } from './collect-lease-data.ts';

/**
 * What the contract verbs use: the database, the chat events (step changes), storage (PDFs under `contracts/`), the
 * e-signature provider, e-mail, the public URL (links), and the move-in inventory reader for the annex
 * (rent-inventory's getInventory, issue 13 seam 3).
 */
export type ContractDeps = {
  database: Database;
  events: ChatEvents;
  storage: MediaStorage;
  eSignature: ESignatureProvider;
  messaging: MessagingConfig;
  publicUrl: string;
  readInventory?: InventoryReader | undefined;
  /** The clock (tests). */
  now?: (() => Date) | undefined;
};
