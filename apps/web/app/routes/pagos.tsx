import { PAYMENTS_MESSAGES } from '@nj/contracts/payments/messages';
import { PaymentsPage } from '../modules/payments/PaymentsPage.tsx';

/** /pagos (spec 03 §7 payments): the signed-in client's payments and receipts; personal, never indexed. */
export const meta = () => [{ title: PAYMENTS_MESSAGES.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function PagosRoute() {
  return <PaymentsPage />;
}
