import { z } from './zod-locale.ts';

/** Every answer of the API is `{ msg, data }` (spec 01 §7); a status above 299 is an error. */
export const ZApiEnvelope = <T extends z.ZodType>(data: T) => z.object({ msg: z.string(), data });
export type TApiEnvelope<T> = { msg: string; data: T };

/** An error answer: a Spanish `msg`, `data` null or a map of field → message for validation errors. */
export const ZApiError = z.object({
  msg: z.string(),
  data: z.union([z.null(), z.object({ fields: z.record(z.string(), z.string()) })]),
});
export type TApiError = z.infer<typeof ZApiError>;
