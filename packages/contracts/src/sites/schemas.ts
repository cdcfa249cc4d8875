import { z } from '../common/zod-locale.ts';
import { SITE_MESSAGES as M } from './messages.ts';

/** POST /api/domain/info body: the host name of a branded site (any case; a port is ignored). */
export const ZDomainInfoBody = z.object({
  domain: z.string({ error: M.domainInvalid }).trim().min(1, M.domainInvalid).max(260, M.domainInvalid)
    .regex(/^[A-Za-z0-9.-]+(?::\d{1,5})?$/, M.domainInvalid),
});
export type TDomainInfoBody = z.infer<typeof ZDomainInfoBody>;

const ZHexColor = z.string().regex(/^#[0-9a-f]{6}$/i);

/** A branded site as the browser sees it (spec 01 §3 'Association info', spec 03 §3 Agency; core sites/site.ts Site). */
export const ZSite = z.object({
  uid: z.string(),
  kind: z.enum(['agency', 'association']),
  name: z.string(),
  logo: z.string().nullable(),
  custom_page_name: z.string().nullable(),
  base_domain: z.string(),
  color_primary: ZHexColor,
  color_secondary: ZHexColor,
  text_on_primary: z.enum(['#000000', '#ffffff']),
  text_on_secondary: z.enum(['#000000', '#ffffff']),
  has_map: z.boolean(),
  is_private: z.boolean(),
  is_super: z.boolean(),
  website_content: z.string().nullable(),
});
export type TSite = z.infer<typeof ZSite>;
