import { useEffect } from 'react';

/** How many open modals currently hold the lock; the page scrolls again only when the last one closes. */
let holders = 0;
let overflowBefore = '';

/** Locks page scrolling while `active` is true (docs/product.md section 2: page scroll is locked while a modal is open). */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const body = document.body;
    if (holders === 0) {
      overflowBefore = body.style.overflow;
      body.style.overflow = 'hidden';
    }
    holders += 1;
    return () => {
      holders -= 1;
      if (holders === 0) body.style.overflow = overflowBefore;
    };
  }, [active]);
}
