import { useCallback, useEffect, useRef } from 'react';
import { STATS_MAX_ITEMS } from '@nj/contracts/stats/constants';
import { api, ApiError } from '../api/client.ts';
import { clientId } from '../accounts/api.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { postAppear, postViews } from './api.ts';
import {
  VIEW_PUSH_MS, VIEW_VISIBLE_RATIO, isRetryablePushFailure, isViewedRatio, recordLeave, recordView, settleViewBatch,
  takeViewBatch, type ViewKind, type ViewStorage,
} from './view-counter.ts';

/**
 * The browser side of view counting (spec 01 §4): one shared IntersectionObserver (threshold 10%) for every counted
 * element, local-storage entries per item (view-counter.ts), and a push every 60 s plus one when the page is hidden.
 * Started by the first counted element; nothing runs on the server render.
 */

type Target = { kind: ViewKind; id: string; visible: boolean };
const targets = new WeakMap<Element, Target>();
let observer: IntersectionObserver | null = null;
let started = false;
let pushing = false;
let viewerCuid: string | undefined;

function storage(): ViewStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A push id the server accepts (8–100 of A–Z a–z 0–9 _ -). */
export function newPushId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Most batches sent in one flush (a retried batch, then what accumulated meanwhile). */
const MAX_BATCHES_PER_FLUSH = 3;

/**
 * Sends the pending views: first a batch a failed push left behind (same push id), then what is pending now. A
 * retryable failure keeps the batch for the next tick; any other answer settles it. Never throws.
 */
export async function flushViews(keepalive = false): Promise<void> {
  const s = storage();
  if (!s || pushing) return;
  pushing = true;
  try {
    await ensureClient();
    for (let i = 0; i < MAX_BATCHES_PER_FLUSH; i++) {
      const batch = takeViewBatch(s, Date.now(), newPushId);
      if (!batch) return;
      try {
        await postViews(batch, viewerCuid, keepalive);
        settleViewBatch(s, batch.push_id);
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        if (isRetryablePushFailure(status)) return;
        settleViewBatch(s, batch.push_id);
      }
    }
  } finally {
    pushing = false;
  }
}

function onEntries(entries: IntersectionObserverEntry[]): void {
  const s = storage();
  if (!s) return;
  const now = Date.now();
  for (const entry of entries) {
    const t = targets.get(entry.target);
    if (!t) continue;
    if (isViewedRatio(entry.isIntersecting, entry.intersectionRatio)) {
      if (!t.visible) recordView(s, t.kind, t.id, now);
      t.visible = true;
    } else if (t.visible) {
      t.visible = false;
      recordLeave(s, t.kind, t.id, now);
    }
  }
}

let anonymousClient: Promise<void> | null = null;

/**
 * Makes sure this browser has a client (spec 01 §9, 02 §4: a visitor gets an anonymous identity in the background)
 * before statistics are pushed: the server counts nothing from a browser without a session cookie and creates no
 * client for it (issue 7). POST /api/v1/client/anonymous returns the existing client when there is a session, so
 * this runs once per page load; a failure is retried at the next call. Never throws.
 */
function ensureClient(): Promise<void> {
  anonymousClient ??= api('POST', '/v1/client/anonymous').then(() => undefined, () => {
    anonymousClient = null;
  });
  return anonymousClient;
}

function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void ensureClient();
  if (typeof IntersectionObserver !== 'undefined') {
    observer = new IntersectionObserver(onEntries, { threshold: [0, VIEW_VISIBLE_RATIO] });
  }
  window.setInterval(() => void flushViews(), VIEW_PUSH_MS);
  const onHide = () => {
    if (document.visibilityState === 'hidden') void flushViews(true);
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', () => void flushViews(true));
}

/**
 * Counts views of one item (spec 01 §4): returns a ref callback for the element to watch. `enabled` false (e.g. the
 * owner's own cards) watches nothing. Leaving the screen moves the item's last-seen time.
 */
export function useViewCount<T extends Element = HTMLElement>(kind: ViewKind, id: string, enabled = true) {
  useViewerCuid();
  return useCallback((el: T | null) => {
    if (!el || !enabled || !id) return;
    start();
    if (!observer) return;
    const target: Target = { kind, id, visible: false };
    targets.set(el, target);
    observer.observe(el);
    return () => {
      observer?.unobserve(el);
      targets.delete(el);
      const s = storage();
      if (target.visible && s) recordLeave(s, kind, id, Date.now());
    };
  }, [kind, id, enabled]);
}

/** Keeps the cuid sent with pushes in step with the session (the server counts for the session's client anyway). */
function useViewerCuid(): void {
  const session = useOptionalSession();
  const cuid = session?.client ? clientId(session.client) || undefined : undefined;
  useEffect(() => {
    viewerCuid = cuid;
  }, [cuid]);
}

/** Wait after the shown set changes before reporting it, so a map being dragged reports where it stopped (ms). */
export const APPEAR_SETTLE_MS = 1_000;

/**
 * Reports the listings shown in a list or on the map through POST /api/v2/properties/appear (spec 01 §7) once the
 * shown set has been stable for APPEAR_SETTLE_MS; only listings not in the previously reported set are sent. A
 * network failure is retried once with the same push id. Failures are otherwise silent: statistics never get in the
 * visitor's way.
 */
export function useAppearances(puids: readonly string[]): void {
  useViewerCuid();
  const reported = useRef<Set<string>>(new Set());
  const key = [...new Set(puids)].sort().join(',');
  useEffect(() => {
    if (!key) return;
    const timer = window.setTimeout(() => {
      const shown = key.split(',');
      const fresh = shown.filter((p) => !reported.current.has(p)).slice(0, STATS_MAX_ITEMS);
      reported.current = new Set(shown);
      if (fresh.length === 0) return;
      const body = { push_id: newPushId(), puids: fresh, cuid: viewerCuid };
      ensureClient().then(() => postAppear(body)).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 0) {
          window.setTimeout(() => void postAppear(body).catch(() => undefined), 5_000);
        }
      });
    }, APPEAR_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [key]);
}
