// Client-side navigation does not scroll by itself: jump to the #hash target, or to the top on a new page.
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function useScrollToHash(): void {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    // The target may render in the same commit as a lazily loaded page: wait one frame for it.
    const frame = requestAnimationFrame(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key]);
}
