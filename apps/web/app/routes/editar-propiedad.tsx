import { useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { LISTING_FORM_MESSAGES as M } from '@nj/contracts/listing-form/messages';
import { NavBar } from '../modules/layout/NavBar.tsx';
import { ListingForm } from '../modules/listing-form/ListingForm.tsx';
import { getServices, pageSettings } from '../modules/server/services.server.ts';

export const meta = () => [{ title: M.pageTitleEdit }, { name: 'robots', content: 'noindex' }];

export function loader({ context }: LoaderFunctionArgs) {
  return { mapStyleUrl: pageSettings(getServices(context)).mapStyleUrl };
}

/** /editar-propiedad/{puid}: the publish form on an existing listing of the signed-in owner (issue 4). */
export default function EditarPropiedadRoute() {
  const { mapStyleUrl } = useLoaderData<typeof loader>();
  const { puid } = useParams();
  return (
    <>
      <NavBar variant="properties" />
      <main><ListingForm puid={puid} styleUrl={mapStyleUrl} /></main>
    </>
  );
}
