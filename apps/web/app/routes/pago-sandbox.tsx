import { useParams } from 'react-router';
import { PAYMENTS_MESSAGES } from '@nj/contracts/payments/messages';
import { SandboxCheckoutPage } from '../modules/payments/SandboxCheckoutPage.tsx';

/** /pago-sandbox/:id: the sandbox payment provider's hosted checkout (sandbox mode only; the API answers 404 otherwise). */
export const meta = () => [{ title: PAYMENTS_MESSAGES.sandbox.title }, { name: 'robots', content: 'noindex' }];

export default function PagoSandboxRoute() {
  const { id = '' } = useParams();
  return <SandboxCheckoutPage id={id} />;
}
