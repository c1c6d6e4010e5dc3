/**
 * Lets code outside React (the HTTP client) move the app to another page. The router registers
 * its own navigate at start-up so that moving is a client-side transition that respects the
 * unsaved-changes prompt; before that, a full page load is the fallback.
 */
interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Path plus query string of the page being shown, e.g. `/company?tab=1`. */
  currentPath(): string;
  /** The path the app is on, or on its way to while a navigation waits for its page's chunk. */
  destinationPathname(): string;
}

let navigator: Navigator = {
  navigate: (to, options) =>
    options?.replace ? window.location.replace(to) : window.location.assign(to),
  currentPath: () => window.location.pathname + window.location.search,
  destinationPathname: () => window.location.pathname,
};

export function registerNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator.navigate(to, options);
}

export function currentPath(): string {
  return navigator.currentPath();
}

export function destinationPathname(): string {
  return navigator.destinationPathname();
}
