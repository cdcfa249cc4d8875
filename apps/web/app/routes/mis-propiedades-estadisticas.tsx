import { MY_PROPERTIES_MESSAGES as M } from '@nj/contracts/my-properties/messages';
import { StatsPage } from '../modules/stats/StatsPage.tsx';
import type { Route } from './+types/mis-propiedades-estadisticas';

/** /mis-propiedades/{puid}/estadisticas: one listing's statistics, owner only; never indexed. */
export const meta = () => [{ title: M.stats.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function EstadisticasRoute({ params }: Route.ComponentProps) {
  return <StatsPage puid={params.puid} />;
}
