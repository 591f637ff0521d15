import { useCallback, useEffect, useState } from 'react';

/** A countdown in whole seconds: start(n) begins it, clear() ends it early (spec §4 reset cooldown). */
export function useCooldown() {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((r) => r - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  const start = useCallback((seconds: number) => setRemaining(seconds), []);
  const clear = useCallback(() => setRemaining(0), []);
  return { remaining, active: remaining > 0, start, clear };
}
