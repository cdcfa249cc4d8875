import { IMPORT_PAGE_MESSAGES as M } from '@nj/contracts/listings-import/page-messages';
import { ListingImportsPage } from '../modules/listing-imports/ListingImportsPage.tsx';

/** /mis-propiedades/importar (issue 10): the client's import page; personal, so never indexed. */
export const meta = () => [{ title: M.title }, { name: 'description', content: M.metaDescription }, { name: 'robots', content: 'noindex' }];

export default function MisPropiedadesImportarRoute() {
  return <ListingImportsPage />;
}
