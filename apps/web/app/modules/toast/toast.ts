import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@nj/contracts';

/** Toast types of spec 01 §8. The new_* ones are the redesigned look; here they differ only in colour shade. */
export type ToastType = 'danger' | 'success' | 'info' | 'new_danger' | 'new_info' | 'new_success';

const COLORS: Record<ToastType, string> = {
  danger: 'red', new_danger: 'red.8', success: 'teal', new_success: 'green.8', info: 'blue', new_info: 'cyan.8',
};

/** The id a toast gets: the same type and text never show twice at once. */
export function toastId(type: ToastType, message: string): string {
  return `toast:${type}:${message}`;
}

const open = new Set<string>();

/**
 * Shows a toast that closes after 10 s (spec 01 §4, TIMINGS.toastMs). A toast with the same type and text as one
 * still on screen is not repeated.
 */
export function toast(type: ToastType, message: string): void {
  const id = toastId(type, message);
  if (open.has(id)) return;
  open.add(id);
  notifications.show({
    id,
    message,
    color: COLORS[type],
    autoClose: TIMINGS.toastMs,
    withBorder: type.startsWith('new_'),
    onClose: () => open.delete(id),
  });
}
