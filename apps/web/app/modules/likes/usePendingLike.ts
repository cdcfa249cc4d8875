import { useCallback, useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIKES_MESSAGES } from '@nj/contracts/likes/messages';
import { clientId } from '../accounts/api.ts';
import { onLoggedIn } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { toast } from '../toast/toast.ts';
import { LIKED_QUERY_KEY, putLike } from './api.ts';
import { clearLikeOverrides, setLiked } from './likes-store.ts';
import { rememberPendingLike, takePendingLike } from './pending-like.ts';

let applying: Promise<void> | null = null;
/** The signed-in client last seen by any like button (undefined until the session first resolved). */
let seenCuid: string | null | undefined;

/**
 * Applies the pending like (if any) for the signed-in client `cuid`. Idempotent across every mounted hook: the
 * pending like is taken out of storage before the call. The toggle call flips; when the account already liked the
 * listing (e.g. a like merged from its anonymous identity) the answer is "not liked", so it is toggled back.
 */
export function applyPendingLike(cuid: string, queryClient?: QueryClient): Promise<void> {
  if (applying) return applying;
  const pending = takePendingLike();
  if (!pending || !cuid) return Promise.resolve();
  applying = (async () => {
    try {
      let state = await putLike(pending.uid, cuid);
      if (!state.is_liked) state = await putLike(pending.uid, cuid);
      setLiked(pending.uid, state.is_liked);
      void queryClient?.invalidateQueries({ queryKey: LIKED_QUERY_KEY, refetchType: 'none' });
      toast('success', LIKES_MESSAGES.pendingApplied);
    } catch {
      toast('danger', LIKES_MESSAGES.toggleFailed);
    } finally {
      applying = null;
    }
  })();
  return applying;
}

/**
 * The visitor-to-account part of likes (spec 01 §4, issue 3 "the like is applied after signing in"):
 * - `remember(uid)` keeps the like a visitor asked for (sessionStorage) before the login modal opens;
 * - the pending like is applied as soon as a session with a registered client appears (the 'nj:logged-in' event of
 *   the accounts UI, or a session refresh that finds one — also after an OAuth redirect);
 * - when the signed-in client changes (login, logout, account switch) this tab's like overrides are dropped and the
 *   search and favoritos pages refetched, so hearts show that client's likes.
 * The login flow may call `apply()` itself; it is safe to call more than once.
 */
export function usePendingLike(): { remember: (uid: string) => void; apply: () => Promise<void> } {
  const session = useOptionalSession();
  const queryClient = useQueryClient();
  const ready = session?.status === 'ready';
  const cuid = session?.registered ? clientId(session.client) : null;

  useEffect(() => {
    if (!ready) return;
    if (seenCuid !== undefined && seenCuid !== cuid) {
      clearLikeOverrides();
      void queryClient.invalidateQueries({ queryKey: ['search'] });
      void queryClient.invalidateQueries({ queryKey: LIKED_QUERY_KEY });
    }
    seenCuid = cuid;
    if (cuid) void applyPendingLike(cuid, queryClient);
  }, [ready, cuid, queryClient]);

  useEffect(() => onLoggedIn((loggedIn) => void applyPendingLike(loggedIn, queryClient)), [queryClient]);

  const apply = useCallback(() => (cuid ? applyPendingLike(cuid, queryClient) : Promise.resolve()), [cuid, queryClient]);
  return { remember: rememberPendingLike, apply };
}

/** Mount once near the root to resume a pending like on pages without cards (renders nothing). */
export function PendingLikeApplier(): null {
  usePendingLike();
  return null;
}
