import { COUNTER_ANIMATION_MS, formatNumber } from '@sira/shared';
import { useEffect, useRef, useState } from 'react';

/**
 * A number that counts up over 2.5 s once it scrolls into view (spec §1). With reduced motion, or
 * before JavaScript runs (prerendered HTML), it shows the final number.
 */
export function CountUp({ to, prefix = '+' }: { to: number; prefix?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [value, setValue] = useState(to);

  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window)) return;
    setValue(0);
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        const progress = Math.min(1, (now - start) / COUNTER_ANIMATION_MS);
        // Ease out so the last digits settle instead of snapping.
        setValue(Math.round(to * (1 - (1 - progress) ** 3)));
        if (progress < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [to]);

  return (
    <span ref={ref} dir="ltr" data-count-to={to} data-prefix={prefix}>
      {prefix}
      {formatNumber(value)}
    </span>
  );
}
