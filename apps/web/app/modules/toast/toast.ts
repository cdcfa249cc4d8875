import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@nj/contracts/search/constants';
import { COMMON_UI_LABELS } from '@nj/contracts/common/messages';
import { createElement, type ComponentType } from 'react';
import { Button } from '@mantine/core';

/** Toast types of spec 01 §8 and spec 02 §8 (danger, success, info, new_danger, new_info, new_success). The new_* ones are the redesigned look; here they differ only in colour shade. */
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
    closeButtonProps: { 'aria-label': COMMON_UI_LABELS.close },
    onClose: () => open.delete(id),
  });
}

/**
 * A toast that needs OK/Cancel (spec 02 §8): it stays until one of the buttons is pressed. Resolves true for OK,
 * false for Cancel or close. The same type and text are not shown twice at once (the second call resolves false).
 */
export function confirmToast(
  type: ToastType,
  message: string,
  labels: { ok: string; cancel: string } = { ok: 'OK', cancel: 'Cancelar' },
): Promise<boolean> {
  const id = toastId(type, message);
  if (open.has(id)) return Promise.resolve(false);
  open.add(id);
  const Btn = Button as unknown as ComponentType<Record<string, unknown>>;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: boolean) => {
      if (settled) return;
      settled = true;
      resolve(value);
      notifications.hide(id);
    };
    notifications.show({
      id,
      color: COLORS[type],
      autoClose: false,
      withBorder: type.startsWith('new_'),
      onClose: () => {
        open.delete(id);
        finish(false);
      },
      message: createElement(
        'div',
        null,
        createElement('div', { style: { marginBottom: 8 } }, message),
        createElement(
          'div',
          { style: { display: 'flex', gap: 8, justifyContent: 'flex-end' } },
          createElement(Btn, { size: 'xs', variant: 'default', onClick: () => finish(false) }, labels.cancel),
          createElement(Btn, { size: 'xs', onClick: () => finish(true) }, labels.ok),
        ),
      ),
    });
  });
}
