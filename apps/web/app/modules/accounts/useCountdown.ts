import { useCallback, useEffect, useState } from 'react';

/** A countdown in whole seconds (spec 02 §9: resend after 30 s, counting down from 30). `restart()` starts it again. */
export function useCountdown(seconds: number, startNow = true): { remaining: number; restart: (from?: number) => void } {
  const [remaining, setRemaining] = useState(startNow ? seconds : 0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setTimeout(() => setRemaining((r) => Math.max(0, r - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining]);
  const restart = useCallback((from?: number) => setRemaining(from ?? seconds), [seconds]);
  return { remaining, restart };
}
