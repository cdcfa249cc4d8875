import { GUARANTOR_MESSAGES as G } from '@nj/contracts/rents/guarantor-messages';
import { InvitationsPage } from '../modules/guarantors/InvitationsPage.tsx';

/** /invitaciones (issue 12 'The guarantor'): rent requests naming the signed-in client as guarantor or second renter; personal, never indexed. */
export const meta = () => [{ title: G.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function InvitacionesRoute() {
  return <InvitationsPage />;
}
