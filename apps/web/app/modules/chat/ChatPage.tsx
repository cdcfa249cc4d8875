import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Center, Tabs, Text } from '@mantine/core';
import { CHAT_UI_MESSAGES as M } from '@nj/contracts/rents/messages';
import { clientId } from '../accounts/api.ts';
import { SignInRequired } from './SignInRequired.tsx';
import { useSession } from '../accounts/session.tsx';
import { NavBar } from '../layout/NavBar.tsx';
import { Conversation } from './Conversation.tsx';
import { ConversationList } from './ConversationList.tsx';
import { LeadsList, LeadView } from './LeadsList.tsx';
import './chat.css';

/**
 * /chat (spec 02 §2 'Messages'; issue 11 'Chat'): the conversation list and, with `?chat={ruid}`, that conversation.
 * Desktop shows both side by side; below 768 px one at a time (the conversation has a back arrow to the list).
 * Signed out: the sign-in prompt, and the page continues after signing in.
 */
export function ChatPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const ruid = params.get('chat');
  const leadsTab = params.get('tab') === 'formulario';
  const luid = leadsTab ? params.get('lead') : null;
  const myCuid = clientId(session.client);
  const open = ruid || luid ? 'conversation' : 'list';

  return (
    <div className="nj-chat-page">
      <NavBar variant="properties" />
      {session.status === 'ready' && !session.registered ? (
        <SignInRequired />
      ) : (
        <main className="nj-chat-layout" data-open={open}>
          <div className="nj-chat-list">
            <ConversationList selected={ruid} unreadOnly={unreadOnly} onUnreadOnly={setUnreadOnly} hidden={leadsTab}
              tabs={(
                <Tabs value={leadsTab ? 'formulario' : 'chats'} onChange={(v) => setParams(v === 'formulario' ? { tab: 'formulario' } : {})} px="md">
                  <Tabs.List grow>
                    <Tabs.Tab value="chats">{M.tabChats}</Tabs.Tab>
                    <Tabs.Tab value="formulario">{M.tabLeads}</Tabs.Tab>
                  </Tabs.List>
                </Tabs>
              )} />
            {leadsTab ? <LeadsList selected={luid} /> : null}
          </div>
          <section className="nj-chat-pane" aria-label={M.pageTitle}>
            {ruid && myCuid && !leadsTab ? (
              <Conversation key={ruid} ruid={ruid} myCuid={myCuid} onBack={() => { setParams({}); void navigate('/chat'); }} />
            ) : luid ? (
              <LeadView luid={luid} />
            ) : (
              <Center h="100%"><Text c="dimmed">{leadsTab ? M.chooseLead : M.chooseConversation}</Text></Center>
            )}
          </section>
        </main>
      )}
    </div>
  );
}
