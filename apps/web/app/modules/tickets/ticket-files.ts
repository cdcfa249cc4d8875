import { TICKET_LIMITS } from '@nj/contracts/tickets/vocabulary';

/** The files a ticket takes (spec 02 §5): PNG, JPEG, WebP and PDF (the server checks the content again). */
export const TICKET_ACCEPT = 'image/png,image/jpeg,image/webp,application/pdf';
const TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'application/pdf']);
const EXTENSIONS = /\.(png|jpe?g|webp|pdf)$/i;

/** Why `file` cannot go with a ticket: 'type' (not PNG/JPEG/WebP/PDF), 'size' (over 50 MB or empty), or null. */
export function ticketFileProblem(file: { name: string; type: string; size: number }): 'type' | 'size' | null {
  if (!(TYPES.has(file.type) || (!file.type && EXTENSIONS.test(file.name)))) return 'type';
  if (file.size <= 0 || file.size > TICKET_LIMITS.maxBytes) return 'size';
  return null;
}

/** True when `count` files fit in one ticket or message (at most 10). */
export const fitsTicketLimit = (count: number) => count <= TICKET_LIMITS.maxAttachments;
