import { useEffect, useLayoutEffect, useRef, type DependencyList } from 'react';

/**
 * Keeps a message list scrolled to its newest message while the reader is there (the chat's and a ticket's
 * conversation): when `grows` change (new messages) and when its content resizes (pictures that finish loading); a
 * reader who scrolled up (more than 48 px from the bottom) is left where they are. `ready` re-attaches the listeners
 * once the list is rendered (its first data arrived).
 * @returns `scroller` (the ref for the scrolling element, whose first child is the content) and `atBottom` (set it to
 *   true to follow the next change, e.g. after sending)
 */
export function useStickToBottom(grows: DependencyList, ready: boolean) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, grows);
  useEffect(() => {
    const el = scroller.current;
    const content = el?.firstElementChild;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const onScroll = () => { atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48; };
    const observer = new ResizeObserver(() => { if (atBottom.current) el.scrollTop = el.scrollHeight; });
    observer.observe(content);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => { observer.disconnect(); el.removeEventListener('scroll', onScroll); };
  }, [ready]);
  return { scroller, atBottom };
}
