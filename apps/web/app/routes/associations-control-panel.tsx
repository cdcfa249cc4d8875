import { ASSOCIATION_MESSAGES } from '@nj/contracts/associations/messages';
import { AssociationsControlPanel } from '../modules/associations/AssociationsControlPanel.tsx';

/** /associations-control-panel (issue 15; spec 01 §2, spec 03 §2; decision 029): the association's administration. Personal, never indexed. */
export const meta = () => [{ title: ASSOCIATION_MESSAGES.panelTitle }, { name: 'robots', content: 'noindex' }];

export default function AssociationsControlPanelRoute() {
  return <AssociationsControlPanel />;
}
