import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import 'dayjs/locale/es-mx.js';
import type { PropertyType } from '@nj/contracts/catalogue/vocabularies';
import { DETAIL_MESSAGES as D } from '@nj/contracts/property-detail/messages';
import type { TPricingPart, TPropertySummary } from '@nj/contracts/search/schemas';

dayjs.extend(relativeTime);

/** Types whose price is compared with the land, not a building (spec 01 §3: land-like types carry only land). */
const LAND_TYPES: readonly PropertyType[] = ['land', 'terreno_comercial', 'terreno_industrial', 'ranch', 'huerta'];

/**
 * Price per m² of one pricing part (issue 9 §4): the price divided by the construction area, or by the land area for
 * land-like types (land in ha counts 10,000 m² per ha). A price already per m² is itself; per ha it is ÷ 10,000.
 * Returns the amount in the part's currency and which area it is over, or null when that area is unknown or the
 * price is 0. Example: 4,500,000 MXN for 150 m² built → { amount: 30000, basis: 'built' }.
 */
export function pricePerM2(
  p: Pick<TPropertySummary, 'property_type' | 'construction_area' | 'land'>, part: Pick<TPricingPart, 'price' | 'based_on'>,
): { amount: number; basis: 'built' | 'land' } | null {
  const basis = LAND_TYPES.includes(p.property_type) ? 'land' : 'built';
  if (!(part.price > 0)) return null;
  if (part.based_on === 'm2') return { amount: part.price, basis };
  if (part.based_on === 'ha') return { amount: part.price / 10_000, basis };
  const area = basis === 'land'
    ? (p.land.area ?? 0) * (p.land.unit === 'ha' ? 10_000 : 1)
    : p.construction_area ?? 0;
  return area > 0 ? { amount: part.price / area, basis } : null;
}

const MEXICO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Whole calendar days between two instants as Mexico City's calendar counts them (0 the same day). */
function calendarDaysBetween(fromMs: number, toMs: number): number {
  const day = (ms: number) => Date.parse(`${MEXICO_DAY.format(ms)}T00:00:00Z`);
  return Math.round((day(toMs) - day(fromMs)) / 86_400_000);
}

/**
 * 'Publicada hoy', 'Publicada ayer', 'Publicada hace 3 días', 'Publicada hace un mes', 'Publicada hace 2 años'
 * (issue 9 §4; spec 01 §9 'Hoy', 'Ayer'): calendar days in Mexico City between `iso` and `nowMs`, worded by
 * dayjs's relative time in the es-mx locale. `nowMs` is passed in so the server's and the browser's render agree.
 * Empty for an invalid date.
 */
export function publishedAgo(iso: string, nowMs: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const days = Math.max(0, calendarDaysBetween(at, nowMs));
  if (days === 0) return D.publishedToday;
  if (days === 1) return D.publishedYesterday;
  const now = dayjs(nowMs).locale('es-mx');
  return D.publishedAgo(now.subtract(days, 'day').from(now));
}
