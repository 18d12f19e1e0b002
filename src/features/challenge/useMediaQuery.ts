import { useSyncExternalStore } from 'react';

/** Spec section 9: a dialog from 768 px wide, a bottom drawer below. */
export const DESKTOP_QUERY = '(min-width: 768px)';

/** Whether a media query matches now, following changes. Without matchMedia (tests, old browsers): true. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}
