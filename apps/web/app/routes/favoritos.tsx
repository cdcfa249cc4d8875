import { LIKES_MESSAGES } from '@nj/contracts/likes/messages';
import { FavoritesPage } from '../modules/likes/FavoritesPage.tsx';

/** /favoritos (spec 01 §2): the signed-in client's liked properties; personal, so never indexed. */
export const meta = () => [{ title: LIKES_MESSAGES.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function FavoritosRoute() {
  return <FavoritesPage />;
}
