import { z } from 'zod';

/** One change of a listing's price (issue 17): `price` in `currency`, `price_mxn` with today's exchange rate. */
export const ZPriceEvent = z.object({
  operation: z.enum(['rent', 'sale']),
  /** ISO 8601. */
  at: z.string(),
  price: z.number(),
  currency: z.string(),
  price_mxn: z.number(),
  old_price: z.number().nullable(),
  source: z.enum(['start', 'edit', 'import', 'sync']),
});
export type TPriceEvent = z.infer<typeof ZPriceEvent>;

/** A listing's price history, oldest first, and its drop in the last 30 days (percent, or null). */
export const ZPriceHistory = z.object({ events: z.array(ZPriceEvent), drop_percent: z.number().nullable() });
export type TPriceHistory = z.infer<typeof ZPriceHistory>;

/** One month of one place's market: listings active, sample with price and area, median MXN/m² (null: too few). */
export const ZMarketPoint = z.object({
  month: z.string(),
  listings: z.number().int(),
  sample: z.number().int(),
  median_mxn_m2: z.number().nullable(),
});
export type TMarketPoint = z.infer<typeof ZMarketPoint>;

/** A place's market figures: one series per operation and property type ('all' = every type). */
export const ZMarketFigures = z.object({
  place: z.string(),
  min_sample: z.number().int(),
  /** The type the page lists ('all' = every type): the series the chart shows. */
  focus: z.string(),
  series: z.array(z.object({ operation: z.enum(['rent', 'sale']), property_type: z.string(), points: z.array(ZMarketPoint) })),
});
export type TMarketFigures = z.infer<typeof ZMarketFigures>;

/** A listing's price per m² against its place's median (percent: negative = below). */
export const ZPriceComparison = z.object({
  place: z.string(),
  percent: z.number().int(),
  median_mxn_m2: z.number(),
  listing_mxn_m2: z.number(),
  sample: z.number().int(),
});
export type TPriceComparison = z.infer<typeof ZPriceComparison>;

/** What the detail page shows of the market (issue 17): the price history and the comparison with the colonia. */
export type TListingMarket = { history: TPriceHistory; comparison: TPriceComparison | null };
