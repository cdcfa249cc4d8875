import { useEffect } from 'react';

/**
 * The global the page's starter script (modules/server/script-deferral.server.ts) fills before hydration: what a
 * person typed into text fields while the page's scripts were still on their way, and how to stop recording.
 */
export const TYPED_BEFORE_HYDRATION = '__njTypedBeforeHydration';

type Typed = { values: Map<EventTarget, string>; stop: () => void };
type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * The recorder, as the source of a function the starter script runs at once: a capture-phase `input` listener on
 * the document that keeps each text field's last typed value (not checkboxes, radios or files) in
 * `window[TYPED_BEFORE_HYDRATION]`. Returns the JavaScript source (no surrounding script tag).
 */
export function typedRecorderSource(): string {
  return `(function(){var v=new Map();function f(e){var t=e.target;if(t&&'value' in t&&!/^(checkbox|radio|file)$/.test(t.type||''))v.set(t,t.value)}document.addEventListener('input',f,true);window.${TYPED_BEFORE_HYDRATION}={values:v,stop:function(){document.removeEventListener('input',f,true)}}})();`;
}

/**
 * After hydration, gives React what a person typed before it (issue 9 §8: the scripts start once the page has
 * loaded, so on a slow phone someone may type into the search box or a contact form first, and hydration resets
 * a controlled field to its state, or keeps the text on screen while its state stays empty). For every recorded
 * field still in the page, the typed value is set again and an `input` event is dispatched, so the field's onChange
 * runs as if typed now. Stops the recorder. `win` defaults to `window`; returns how many fields it
 * replayed.
 */
export function replayTypedBeforeHydration(win: typeof window & { [TYPED_BEFORE_HYDRATION]?: Typed } = window): number {
  const typed = win[TYPED_BEFORE_HYDRATION];
  if (!typed) return 0;
  typed.stop();
  delete win[TYPED_BEFORE_HYDRATION];
  let replayed = 0;
  for (const [target, value] of typed.values) {
    const field = target as Field;
    if (!field.isConnected) continue;
    // React notices a change only against the value it last saw (its tracker, which the element's own `value`
    // setter updates): hydration may have read the typed text as that value, so it is first told '' and the typed
    // text is then set through the prototype's setter, which React does not watch; the input event is then a change.
    field.value = '';
    const proto = field instanceof win.HTMLTextAreaElement ? win.HTMLTextAreaElement.prototype : win.HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
    field.dispatchEvent(new win.Event('input', { bubbles: true }));
    replayed += 1;
  }
  return replayed;
}

/** Runs `replayTypedBeforeHydration` once, after the first commit (the root layout's effect runs last). */
export function useReplayTypedBeforeHydration(): void {
  useEffect(() => {
    replayTypedBeforeHydration();
  }, []);
}
