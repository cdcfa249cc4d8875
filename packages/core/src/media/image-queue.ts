import sharp from 'sharp';
import { IMAGE_LIMITS } from '@nj/contracts';

// libvips keeps recently decoded images in an operation cache; uploads never repeat, so it only holds memory.
sharp.cache(false);

/**
 * A first-in-first-out limiter: at most `concurrency` jobs run at once, the rest wait in order. Used as one queue per
 * server process for image decoding (issue 7 §1 "bounded concurrency"), so ten uploads at once decode two by two.
 */
export type JobQueue = {
  /** Runs `job` when a slot is free; resolves or rejects with its result. The slot is freed either way. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now and jobs waiting (for tests and logs). */
  stats(): { running: number; waiting: number };
};

/** A JobQueue running at most `concurrency` (≥ 1) jobs at once. */
export function createJobQueue(concurrency: number): JobQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(job) {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      // The freed slot is handed over, not returned: `running` stays counted for the job that wakes.
      else running++;
      try {
        return await job();
      } finally {
        if (waiting.length) waiting.shift()!();
        else running--;
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}

/** The process-wide image queue: IMAGE_LIMITS.concurrency images decoded at once (2), the others wait. */
export const imageQueue: JobQueue = createJobQueue(IMAGE_LIMITS.concurrency);
