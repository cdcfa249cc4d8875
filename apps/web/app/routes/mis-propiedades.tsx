import { MY_PROPERTIES_MESSAGES as M } from '@nj/contracts/my-properties/messages';
import { MyPropertiesPage } from '../modules/my-properties/MyPropertiesPage.tsx';

/** /mis-propiedades (spec 01 §2): the owner's own listings with owner metrics; personal, so never indexed. */
export const meta = () => [{ title: M.pageTitle }, { name: 'robots', content: 'noindex' }];

export default function MisPropiedadesRoute() {
  return <MyPropertiesPage />;
}
