import { useSearchParams } from 'react-router';
import { NavBar } from '../modules/layout/NavBar.tsx';
import { ConfirmReferencePage } from '../modules/accounts/pages.tsx';
import { REFERENCES_MESSAGES as M } from '@nj/contracts/references/messages';

export const meta = () => [{ title: M.title }, { name: 'robots', content: 'noindex' }];

/** /referencia?token= — the external confirmation of a personal reference (spec 02 §2 modal 8). */
export default function ReferenciaRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <NavBar variant="landing" />
      <main><ConfirmReferencePage token={params.get('token') ?? ''} /></main>
    </>
  );
}
