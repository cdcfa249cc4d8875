import { CONTRACT_MESSAGES } from '@nj/contracts/rent-contracts/messages';
import { SandboxSignPage } from '../modules/contracts/SandboxSignPage.tsx';

/** /firma/{slug}: the sandbox e-signature signing page (issue 13; ESIGN_PROVIDER=sandbox); never indexed. */
export const meta = () => [{ title: CONTRACT_MESSAGES.ui.sandboxTitle }, { name: 'robots', content: 'noindex' }];

export default function FirmaRoute() {
  return <SandboxSignPage />;
}
