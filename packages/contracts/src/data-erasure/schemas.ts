import { z } from '../common/zod-locale.ts';

/**
 * GET/POST /api/v1/client/personal-data/erasure — the signed-in client's request to erase the personal data of the
 * rental process (decision 019); times ISO 8601, null when not happened. `retained`: the rents whose data are kept
 * for a lease being made or in force.
 */
export const ZDataErasure = z.object({
  requested_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  erased_at: z.string().nullable(),
  retained: z.array(z.object({ ruid: z.string(), title: z.string(), step: z.string() })),
});
export type TDataErasure = z.infer<typeof ZDataErasure>;
