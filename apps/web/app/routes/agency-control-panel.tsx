import { AGENCY_MESSAGES } from '@nj/contracts/agencies/messages';
import { AgencyControlPanel } from '../modules/agencies/AgencyControlPanel.tsx';

/** /agency-control-panel (issue 15; spec 03 §2): create or join an agency; the administrator's dashboard. Personal, never indexed. */
export const meta = () => [{ title: AGENCY_MESSAGES.controlPanelTitle }, { name: 'robots', content: 'noindex' }];

export default function AgencyControlPanelRoute() {
  return <AgencyControlPanel />;
}
