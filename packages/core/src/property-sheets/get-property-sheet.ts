import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { brandColors, MEDIA_URL_PREFIX, PRODUCT_BRAND_COLOR, profilePhotoUrls, type TPropertyDetail, type TPropertySheetSharer } from '@nj/contracts';
import type { Database } from '@nj/db';
import { VISITOR, type Actor } from '../policies/actor.ts';
import { authorize } from '../policies/policy.ts';
import { propertySheetPolicy } from '../policies/property-sheet.ts';
import { advertisersRepository } from '../advertisers/advertisers-repository.ts';
import { propertiesRepository } from '../properties/properties-repository.ts';
import { presentDetail } from '../properties/present-property.ts';
import type { ExchangeRates } from '../properties/exchange-rates.ts';
import { propertySheetsRepository, type SheetAgencyRow, type SheetSharerRow } from './property-sheets-repository.ts';

/** A property sheet: the listing as the detail page presents it, who shares it, and the listing's version. */
export type PropertySheet = {
  property: TPropertyDetail;
  sharer: TPropertySheetSharer;
  /** Changes whenever the listing or the sharer's shown data changes (the PDF cache key). */
  version: string;
};

/** A uid as the sheet's path carries it: 1–100 characters, no control characters or slashes. */
const UID = /^[^\u0000-\u001f\u007f/\\]{1,100}$/;

/**
 * The property sheet of listing `puid` shared by client `cuid` (issue 16; spec 01 §2 /ficha/{puid}/{cuid}). Anyone
 * may read it (propertySheetPolicy 'read'). The sharer is `branded` when they are an agent (`is_agent`) or administer
 * an agency: public name and photo, the phone only when verified, the agency's name, logo and colours (brandColors:
 * the fallback red and the brightness rule); any other registered client is `neutral` with their public name only.
 * Nothing else of the sharer is read: never the e-mail, and the phone of a non-agent never.
 *
 * @param options.puid the listing's uid (a slug is also accepted)
 * @returns the sheet (property as ZPropertyDetail, with the listing's advertiser box data as the detail page has it)
 * @throws AppError NOT_FOUND 'No encontramos esta ficha' for a missing or inactive listing, or an unknown or
 *   anonymous `cuid`
 */
export async function getPropertySheet(options: {
  database: Database; config: { exchangeRates: ExchangeRates }; puid: string; cuid: string; actor?: Actor;
}): Promise<PropertySheet> {
  const actor = options.actor ?? VISITOR;
  authorize(actor, propertySheetPolicy, 'read');
  const puid = options.puid.trim();
  const cuid = options.cuid.trim();
  const valid = UID.test(puid) && UID.test(cuid);
  const [row, sharerRow] = valid
    ? await Promise.all([
      propertiesRepository.findOne(options.database, { puid, slug: puid.toLowerCase() }),
      propertySheetsRepository.findSharer(options.database, cuid),
    ])
    : [undefined, undefined];
  authorize(actor, propertySheetPolicy, 'read', { is_active: !!row?.is_active, sharer_found: !!sharerRow });
  const agency = await propertySheetsRepository.findAgencyOf(options.database, cuid);
  const advertiser = row!.owner_cuid ? await advertisersRepository.findPublicOfListing(options.database, row!.puid, row!.owner_cuid) : null;
  const property = presentDetail(row!, { rates: options.config.exchangeRates, advertiser });
  const sharer = presentSharer(sharerRow!, agency);
  const updated = row!.updated_at instanceof Date ? row!.updated_at.toISOString() : String(row!.updated_at);
  return { property, sharer, version: `${row!.puid}|${updated}|${JSON.stringify(property.images.map((i) => i.name))}|${JSON.stringify(sharer)}` };
}

/**
 * The sheet's sharer from their row and agency: branded for agents and agency administrators, else neutral (name
 * only). Pure; exported for tests.
 */
export function presentSharer(row: SheetSharerRow, agency: SheetAgencyRow | undefined): TPropertySheetSharer {
  const name = row.nickname?.trim() || null;
  if (!row.is_agent && agency?.role !== 'admin') return { kind: 'neutral', name };
  const phone = row.is_phone_verified && row.phone_number ? formatPhone(row.phone_number, row.phone_country_code) : null;
  return {
    kind: 'branded',
    name,
    photo: profilePhotoUrls(row.profile_photo_name)?.url ?? null,
    phone: phone?.international ?? null,
    phone_e164: phone?.e164 ?? null,
    role: agency?.role === 'admin' ? 'admin' : 'agent',
    agency: agency ? { name: agency.name, logo: agency.logo_name ? MEDIA_URL_PREFIX + agency.logo_name : null } : null,
    colors: brandColors(agency?.color_primary || PRODUCT_BRAND_COLOR, agency?.color_secondary),
  };
}

/** A stored phone ('3312345678', '+52') → '+52 33 1234 5678' and E.164, or null when it does not parse. */
function formatPhone(number: string, countryCode: string | null): { international: string; e164: string } | null {
  const cc = (countryCode ?? '+52').replace(/[^\d]/g, '') || '52';
  const digits = number.replace(/[^\d]/g, '');
  const parsed = parsePhoneNumberFromString(number.trim().startsWith('+') ? `+${digits}` : `+${cc}${digits}`);
  return parsed ? { international: parsed.formatInternational(), e164: parsed.number } : null;
}
