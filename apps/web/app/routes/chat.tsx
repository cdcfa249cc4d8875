import { CHAT_UI_MESSAGES } from '@nj/contracts/rents/messages';
import { ChatPage } from '../modules/chat/ChatPage.tsx';

/** /chat?chat={ruid} (spec 02 §2 'Messages'; issue 11): the signed-in client's conversations; personal, never indexed. */
export const meta = () => [{ title: CHAT_UI_MESSAGES.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function ChatRoute() {
  return <ChatPage />;
}
