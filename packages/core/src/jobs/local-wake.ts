/**
 * The job workers of this process, woken by enqueue. A wake before the enqueueing transaction commits finds
 * nothing yet on PostgreSQL, so a worker re-checks shortly after each wake (job-worker.ts); on PGlite the claim
 * query waits behind the open transaction on the one connection and sees the job.
 */
const wakers = new Set<() => void>();

/** Registers a worker's wake function; returns the function that unregisters it. */
export function onLocalWake(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Wakes every worker of this process (after an enqueue). */
export function wakeLocalWorkers(): void {
  for (const wake of wakers) wake();
}
