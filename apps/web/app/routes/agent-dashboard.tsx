import { AGENCY_MESSAGES } from '@nj/contracts/agencies/messages';
import { AgentDashboard } from '../modules/agencies/AgentDashboard.tsx';

/** /agent-dashboard (issue 15; spec 01 §2, 03 §2): the agent's listings, conversations and rents. Personal, never indexed. */
export const meta = () => [{ title: AGENCY_MESSAGES.agentDashboardTitle }, { name: 'robots', content: 'noindex' }];

export default function AgentDashboardRoute() {
  return <AgentDashboard />;
}
