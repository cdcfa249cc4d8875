import { NotificationsUnsubscribePage } from '../modules/chat/UnsubscribePage.tsx';
import { CHAT_NOTIFICATION_MESSAGES } from '@nj/contracts/rents/notifications';

/** /notificaciones/baja?token= (issue 11 'every notification has an unsubscribe link per conversation'); never indexed. */
export const meta = () => [{ title: CHAT_NOTIFICATION_MESSAGES.unsubscribePageTitle }, { name: 'robots', content: 'noindex' }];

export default function NotificacionesBajaRoute() {
  return <NotificationsUnsubscribePage />;
}
