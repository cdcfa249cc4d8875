import { CHAT_UI_MESSAGES } from '@nj/contracts/rents/messages';
import { ProcessPage } from '../modules/chat/ProcessPage.tsx';

/**
 * /propiedades-contactadas/{ruid}?section= (spec 03 §2 Tenant; issue 11 'Pages'): one rent process — the listing,
 * the conversation and the visit; personal, never indexed.
 */
export const meta = () => [{ title: CHAT_UI_MESSAGES.processTitle }, { name: 'robots', content: 'noindex' }];

export default function PropiedadContactadaRoute() {
  return <ProcessPage />;
}
