import { SAVED_SEARCH_MESSAGES } from '@nj/contracts/saved-searches/messages';
import { SavedSearchUnsubscribePage } from '../modules/saved-searches/SavedSearchesPage.tsx';

/** /busquedas-guardadas/baja?token= (issue 17): an alert's unsubscribe link; never indexed. */
export const meta = () => [{ title: SAVED_SEARCH_MESSAGES.unsubscribePageTitle }, { name: 'robots', content: 'noindex' }];

export default function BusquedasGuardadasBajaRoute() {
  return <SavedSearchUnsubscribePage />;
}
