import { SAVED_SEARCH_MESSAGES } from '@nj/contracts/saved-searches/messages';
import { SavedSearchesPage } from '../modules/saved-searches/SavedSearchesPage.tsx';

/** /busquedas-guardadas (issue 17): the signed-in client's saved searches; personal, so never indexed. */
export const meta = () => [{ title: SAVED_SEARCH_MESSAGES.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function BusquedasGuardadasRoute() {
  return <SavedSearchesPage />;
}
