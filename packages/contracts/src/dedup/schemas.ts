import { z } from '../common/zod-locale.ts';

/**
 * Names of listing sources as users read them (issue 16 'También en…'): the importer's portals, the two integrations
 * and listings published here by their owners. An unknown source shows as written.
 */
export const SOURCE_NAMES: Record<string, string> = {
  inmuebles24: 'Inmuebles24', properati: 'Properati', easybroker: 'EasyBroker', kw: 'KW', mercadolibre: 'Mercado Libre',
  lamudi: 'Lamudi', vivanuncios: 'Vivanuncios', owner: 'Propietario',
};

/** The name users read for a listing source (SOURCE_NAMES, else the source as stored). */
export function sourceName(source: string): string {
  return SOURCE_NAMES[source] ?? source;
}

/**
 * Another listing of the same home (decision 034): its source's name, our page of it, and the source's own page
 * when the importer or a sync kept one.
 */
export const ZAlsoOn = z.object({
  puid: z.string(),
  slug: z.string(),
  source: z.string(),
  source_name: z.string(),
  source_url: z.string().nullable(),
});
export type TAlsoOn = z.infer<typeof ZAlsoOn>;
