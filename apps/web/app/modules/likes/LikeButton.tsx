import { useState, type MouseEvent } from 'react';
import { ActionIcon } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { LIKES_MESSAGES as L } from '@nj/contracts/likes/messages';
import { clientId, errorMessage } from '../accounts/api.ts';
import { openLoginModal } from '../accounts/login-events.ts';
import { useOptionalSession } from '../accounts/session.tsx';
import { HeartIcon } from '../layout/icons.tsx';
import { toast } from '../toast/toast.ts';
import { ApiError } from '../api/client.ts';
import { LIKED_QUERY_KEY, putLike } from './api.ts';
import { setLiked, useIsLiked } from './likes-store.ts';
import { usePendingLike } from './usePendingLike.ts';

/**
 * The like toggle of one listing (spec 01 §4 "Like toggle"). A signed-in client toggles the like with
 * PUT /api/v1/properties/{uid}/like; the state flips when the call succeeds and a danger toast shows the failure.
 * A visitor (or anonymous client) is asked to sign in: the like is remembered and applied after signing in.
 */
export function useLikeToggle(uid: string, serverLiked: boolean) {
  const session = useOptionalSession();
  const queryClient = useQueryClient();
  const pending = usePendingLike();
  const isLiked = useIsLiked(uid, serverLiked);
  const [busy, setBusy] = useState(false);

  const onClick = async (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (busy) return;
    if (!session?.registered) {
      pending.remember(uid);
      openLoginModal();
      return;
    }
    setBusy(true);
    try {
      const state = await putLike(uid, clientId(session.client) || undefined);
      setLiked(uid, state.is_liked);
      void queryClient.invalidateQueries({ queryKey: LIKED_QUERY_KEY, refetchType: 'none' });
    } catch (error) {
      // The session ended on the server: keep the like for after the login that showError reopens.
      if (error instanceof ApiError && error.status === 401) pending.remember(uid);
      if (session.showError) session.showError(error, L.toggleFailed);
      else toast('danger', errorMessage(error, L.toggleFailed));
    } finally {
      setBusy(false);
    }
  };
  return { isLiked, busy, onClick, label: isLiked ? L.unlike : L.like };
}

/**
 * The heart of a property card (spec 01 §2): see useLikeToggle. Accessible name 'Guardar en favoritos' /
 * 'Quitar de favoritos', with aria-pressed.
 */
export function LikeButton({ uid, isLiked: serverLiked, className = 'nj-card-like' }: { uid: string; isLiked: boolean; className?: string }) {
  const like = useLikeToggle(uid, serverLiked);
  return (
    <ActionIcon
      variant="transparent"
      size="lg"
      className={className}
      aria-label={like.label}
      aria-pressed={like.isLiked}
      aria-busy={like.busy || undefined}
      data-liked={like.isLiked || undefined}
      onClick={like.onClick}
    >
      <HeartIcon filled={like.isLiked} size={24} />
    </ActionIcon>
  );
}
