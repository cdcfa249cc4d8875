import { IMAGE_LIMITS } from '@nj/contracts';

/** Bytes one request holds from an UploadBudget; give them back with release() (idempotent). */
export type UploadLease = {
  /** Counts `bytes` more as read into memory; false (nothing counted) when the budget cannot cover them. */
  grow(bytes: number): boolean;
  /** Returns every byte of this lease to the budget; later calls do nothing. */
  release(): void;
  /** Bytes reserved by this lease. */
  readonly reserved: number;
};

/**
 * A byte budget shared by every request of one process (issue 7 §1 "refuse a request whose files would exceed a
 * memory budget"): uploads reserve what they will hold in memory before reading it and give it back when their
 * response ends, so N large uploads at once cannot exhaust the process.
 */
export type UploadBudget = {
  /** Total bytes, and bytes reserved now. */
  readonly total: number;
  inUse(): number;
  /**
   * Reserves `bytes` (≥ 0; e.g. the request's Content-Length) for a new lease, or null when fewer are free.
   * A lease's own bytes read beyond its reservation are added with grow().
   */
  reserve(bytes: number): UploadLease | null;
};

/** An UploadBudget of `total` bytes. */
export function createUploadBudget(total: number): UploadBudget {
  let used = 0;
  return {
    total,
    inUse: () => used,
    reserve(bytes) {
      const first = Math.max(0, Math.ceil(bytes));
      if (used + first > total) return null;
      used += first;
      let reserved = first;
      let counted = 0;
      let released = false;
      return {
        get reserved() { return reserved; },
        grow(more) {
          if (released) return false;
          const extra = Math.max(0, counted + more - reserved);
          if (used + extra > total) return false;
          used += extra;
          reserved += extra;
          counted += more;
          return true;
        },
        release() {
          if (released) return;
          released = true;
          used -= reserved;
        },
      };
    },
  };
}

/** The process-wide budget of uploaded bytes held in memory: IMAGE_LIMITS.uploadBudgetBytes (256 MiB). */
export const uploadBudget: UploadBudget = createUploadBudget(IMAGE_LIMITS.uploadBudgetBytes);
