import { listingPhotoKey, SAVED_SEARCH_LIMITS, SAVED_SEARCH_MESSAGES as M, MEDIA_URL_PREFIX, type Currency } from '@nj/contracts';
import type { Database } from '@nj/db';
import type { MessagingConfig } from '../messaging/messaging-config.ts';
import { renderEmail } from '../messaging/render-email.ts';
import { sendEmail } from '../messaging/send-email.ts';
import { enqueueNotificationText, verifiedPhoneOf } from '../messaging/send-notification-text.ts';
import { formatPrice } from '../search/format-price.ts';
import { issueSavedSearchToken } from './saved-search-token.ts';
import { savedSearchesRepository, type AlertListingRow } from './saved-searches-repository.ts';

/** What sending alerts needs: the database, e-mail settings, the links' base URL and the tokens' secret. */
export type AlertDeps = { database: Database; messaging: MessagingConfig; publicUrl: string; secret: string };

/** The unsubscribe page link of saved search `id` (web page /busquedas-guardadas/baja?token=…). */
export function savedSearchUnsubscribeUrl(deps: Pick<AlertDeps, 'publicUrl' | 'secret'>, id: string): string {
  return `${deps.publicUrl}/busquedas-guardadas/baja?token=${encodeURIComponent(issueSavedSearchToken({ secret: deps.secret, id }))}`;
}

function priceOf(l: AlertListingRow): string {
  if (l.is_renta && l.rent_price !== null) return formatPrice(l.rent_price, l.rent_currency as Currency, 'rent');
  return l.sale_price !== null ? formatPrice(l.sale_price, l.sale_currency as Currency, 'sale') : '';
}

/**
 * Sends the alert of one saved search (issue 17): claims its unsent matches (marks them sent, so no listing is sent
 * twice for the search even if this runs again), and — when some are still active and the owner has an e-mail —
 * enqueues one e-mail with at most 10 listings (photo, title, price, link; the rest behind the link to the search),
 * the search's unsubscribe link and List-Unsubscribe headers; plus a WhatsApp message when the search allows it and
 * the phone is verified. All in one transaction. A search switched off ('off') sends nothing.
 * @returns the number of listings the alert carried (0 when nothing was sent)
 */
export async function sendSearchAlert(deps: AlertDeps, searchId: string): Promise<number> {
  return deps.database.db.transaction().execute(async (trx) => {
    const search = await savedSearchesRepository.get(trx, searchId);
    if (!search || search.frequency === 'off') return 0;
    const puids = await savedSearchesRepository.claimPending(trx, searchId);
    const listings = await savedSearchesRepository.alertListings(trx, puids);
    if (!listings.length) return 0;
    const who = await savedSearchesRepository.recipient(trx, search.cuid);
    if (!who) return 0;
    const searchUrl = `${deps.publicUrl}/propiedades${search.query ? `?${search.query}` : ''}`;
    const unsubscribe = savedSearchUnsubscribeUrl(deps, searchId);
    const oneClick = `${deps.publicUrl}/api/v1/saved-searches/unsubscribe?token=${encodeURIComponent(issueSavedSearchToken({ secret: deps.secret, id: searchId }))}`;
    const shown = listings.slice(0, SAVED_SEARCH_LIMITS.listingsPerAlert);
    const items = shown.map((l) => {
      const first = [...l.images].sort((a, b) => a.order - b.order)[0];
      return {
        title: l.title, price: priceOf(l), url: `${deps.publicUrl}/propiedades/${encodeURIComponent(l.slug)}`,
        photoUrl: first ? `${deps.publicUrl}${MEDIA_URL_PREFIX}${listingPhotoKey(l.puid, first.name, 'card')}` : null,
      };
    });
    const subject = M.alertSubject(listings.length, search.name);
    if (who.email) {
      const more = listings.length - shown.length;
      const body = renderEmail({
        title: subject, paragraphs: [M.alertIntro, ...(more > 0 ? [M.alertMore(more)] : [])], items,
        button: { label: M.openSearch, url: searchUrl }, footer: M.unsubscribeFooter(unsubscribe),
      });
      await sendEmail(deps.messaging, {
        to: who.email, subject, ...body, links: [searchUrl, unsubscribe, ...items.map((i) => i.url)],
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      }, { db: trx });
    }
    const phone = search.whatsapp ? verifiedPhoneOf(who) : null;
    if (phone) await enqueueNotificationText(trx, { channel: 'whatsapp', to: phone, text: M.alertText(listings.length, search.name, searchUrl) });
    return listings.length;
  });
}
