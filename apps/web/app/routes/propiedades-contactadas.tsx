import { RENT_PAGES_MESSAGES as M } from '@nj/contracts/rents/page-messages';
import { ContactedPage } from '../modules/rents/ContactedPage.tsx';

/** /propiedades-contactadas (spec 03 §2 Tenant): the signed-in renter's contacted properties; personal, never indexed. */
export const meta = () => [{ title: M.contacted.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function PropiedadesContactadasRoute() {
  return <ContactedPage />;
}
