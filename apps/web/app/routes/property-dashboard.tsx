import { RENT_PAGES_MESSAGES as M } from '@nj/contracts/rents/page-messages';
import { PropertyDashboardPage } from '../modules/rents/PropertyDashboardPage.tsx';
import type { Route } from './+types/property-dashboard';

/**
 * /property-dashboard/{puid}?tab=offers (spec 03 §2 Owner): the owner's view of one listing and of everyone who
 * contacted it; `tab` picks the section (only 'offers' today; any other value shows it). Owner only; never indexed.
 */
export const meta = () => [{ title: M.dashboard.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function PropertyDashboardRoute({ params }: Route.ComponentProps) {
  return <PropertyDashboardPage puid={params.puid} />;
}
