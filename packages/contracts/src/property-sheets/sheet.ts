/**
 * Who a property sheet is from (issue 16): `branded` for an agent or an agency's administrator — their public name and
 * photo, their phone only when verified, their agency's name and logo, and the colours (the agency's, else the fallback
 * red, with the text colour by the brightness rule of sites/brand.ts); `neutral` for any other registered client — their
 * public name only (spec 01 §3 directory entry: nickname).
 */
export type TPropertySheetSharer =
  | {
    kind: 'branded';
    name: string | null;
    /** Public URL of the profile photo, or null. */
    photo: string | null;
    /** International format ('+52 33 1234 5678') of a verified phone, else null. */
    phone: string | null;
    /** E.164 for a tel: link ('+523312345678'), with `phone`. */
    phone_e164: string | null;
    role: 'agent' | 'admin';
    agency: { name: string; logo: string | null } | null;
    colors: { primary: string; onPrimary: string; secondary: string; onSecondary: string };
  }
  | { kind: 'neutral'; name: string | null };

/** The public paths of a sheet and its PDF (spec 01 §2 routes table). */
export const propertySheetPath = (puid: string, cuid: string) => `/ficha/${encodeURIComponent(puid)}/${encodeURIComponent(cuid)}`;
export const propertySheetPdfPath = (puid: string, cuid: string) => `/ficha/pdf/${encodeURIComponent(puid)}/${encodeURIComponent(cuid)}`;
