import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { LISTING_FORM_MESSAGES as M } from '@nj/contracts/listing-form/messages';
import { NavBar } from '../modules/layout/NavBar.tsx';
import { ListingForm } from '../modules/listing-form/ListingForm.tsx';
import { getServices, pageSettings } from '../modules/server/services.server.ts';

export const meta = () => [{ title: M.pageTitleCreate }, { name: 'robots', content: 'noindex' }];

export function loader({ context }: LoaderFunctionArgs) {
  return { mapStyleUrl: pageSettings(getServices(context)).mapStyleUrl };
}

/** /crear-propiedad (spec 01 §2): the step-by-step publish form; resumes the signed-in client's draft. */
export default function CrearPropiedadRoute() {
  const { mapStyleUrl } = useLoaderData<typeof loader>();
  return (
    <>
      <NavBar variant="properties" />
      <main><ListingForm styleUrl={mapStyleUrl} /></main>
    </>
  );
}
