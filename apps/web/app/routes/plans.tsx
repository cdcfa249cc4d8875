import { AGENCY_MESSAGES } from '@nj/contracts/agencies/messages';
import { PlansPage } from '../modules/agencies/PlansPage.tsx';

/** /plans (spec 01 §2 public pages; decision 028): the agency plans bronze, silver and gold. */
export const meta = () => [{ title: AGENCY_MESSAGES.plansTitle }, { name: 'description', content: AGENCY_MESSAGES.plansIntro }];

export default function PlansRoute() {
  return <PlansPage />;
}
