import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, right from the first render (antd's Grid.useBreakpoint
 * answers only after an effect, which would flash the desktop header on a phone).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** DOMAIN §14 breakpoints; below `md` the top menu collapses into a drawer. */
export const breakpoints = { md: 768, lg: 992, xl: 1200 } as const;
