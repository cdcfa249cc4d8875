import { createContext, useCallback, useContext } from 'react';
import { toast } from '../toast/toast.ts';

/**
 * Where a profile step says that it succeeded ('Información actualizada con éxito', 'Código validado con éxito!'):
 * a toast by default; inside the complete-profile modal, a line in the modal itself (the modal provides the
 * function), so the steps after sign-up come one at a time without a burst of toasts (issue 9 §6).
 */
export const SuccessNoticeContext = createContext<((message: string) => void) | null>(null);

/** The function a step calls with its Spanish success message (see SuccessNoticeContext). */
export function useSuccessNotice(): (message: string) => void {
  const inline = useContext(SuccessNoticeContext);
  return useCallback((message: string) => (inline ? inline(message) : toast('success', message)), [inline]);
}
