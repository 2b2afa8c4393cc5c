import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Renders `children` (a map, a chart, a calendar: code that is heavy to download and to draw) only once the
 * place they take on the page comes near the screen. Until then a box of the same height holds their place, so
 * nothing moves when they arrive, and a page whose heavy parts lie below the fold shows its top at once on a
 * phone. Once shown they stay.
 */
export function WhenVisible({ height, children }: { height: number | string | Record<string, number>; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (shown || !el) return;
    // Browsers without IntersectionObserver just show everything.
    if (typeof IntersectionObserver === 'undefined') return setShown(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown(true);
      },
      // Started a little before it scrolls in, so it is usually drawn by the time it is seen.
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [shown]);

  if (shown) return <>{children}</>;
  return <Box ref={ref} aria-hidden sx={{ height, borderRadius: 1, bgcolor: 'action.hover' }} />;
}
