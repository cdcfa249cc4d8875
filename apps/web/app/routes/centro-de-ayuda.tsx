import { TICKET_UI_MESSAGES } from '@nj/contracts/tickets/messages';
import { HelpCentrePage } from '../modules/tickets/HelpCentrePage.tsx';

/** /centro-de-ayuda (spec 02 §2; issue 14): the signed-in client's support tickets and their conversations; personal, never indexed. */
export const meta = () => [{ title: TICKET_UI_MESSAGES.helpCentreTitle }, { name: 'robots', content: 'noindex' }];

export default function HelpCentreRoute() {
  return <HelpCentrePage />;
}
