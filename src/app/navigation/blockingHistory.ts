import type { HistoryRouterProps, Location, To } from 'react-router-dom';

type History = HistoryRouterProps['history'];
type Update = Parameters<Parameters<History['listen']>[0]>[0];

/** A navigation held back by the blocker: the page asks the user, then goes on or stays. */
export interface BlockedNavigation {
  location: Location;
  proceed: () => void;
  reset: () => void;
}

/**
 * What a page (the wizard's leave guard) uses to hold in-app navigations, reached through the router's
 * navigator (react-router's declarative mode has no useBlocker).
 */
export interface LeaveBlocking {
  /** Holds every navigation `shouldBlock` answers true for, until the blocker is removed (the returned call). */
  block: (shouldBlock: (next: Location) => boolean) => () => void;
  /** The navigation held back now, if any; `subscribe` tells when that changes. */
  blocked: () => BlockedNavigation | null;
  subscribe: (onChange: () => void) => () => void;
}

export type BlockingHistory = History & LeaveBlocking;

/**
 * Wraps react-router's browser or memory history so a page can hold navigations (links, navigate(), the
 * browser's Back and Forward) until the user answers. A held Back/Forward has already moved the browser, so
 * the history goes back to where it was, and proceeding moves it again.
 */
export function createBlockingHistory(base: History): BlockingHistory {
  let shouldBlock: ((next: Location) => boolean) | null = null;
  let blocked: BlockedNavigation | null = null;
  const subscribers = new Set<() => void>();
  // The position restore after a held Back is the history's own doing: not a navigation to show or hold.
  let ignoreNextPop = false;
  // A held Back the user agreed to: let it through without asking again.
  let allowNextPop = false;

  const setBlocked = (next: BlockedNavigation | null) => {
    blocked = next;
    for (const notify of subscribers) notify();
  };
  const held = (location: Location, proceed: () => void, reset: () => void = () => undefined) => {
    setBlocked({
      location,
      proceed: () => {
        setBlocked(null);
        proceed();
      },
      reset: () => {
        setBlocked(null);
        reset();
      },
    });
  };
  const nextLocation = (to: To, state?: unknown): Location => {
    const { pathname, search, hash } = base.encodeLocation(to);
    return { pathname, search, hash, state: state ?? null, key: 'blocked' };
  };
  const wouldBlock = (location: Location) => shouldBlock !== null && !blocked && shouldBlock(location);

  const history: BlockingHistory = {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push(to, state) {
      const location = nextLocation(to, state);
      if (blocked) return;
      if (wouldBlock(location)) held(location, () => base.push(to, state));
      else base.push(to, state);
    },
    replace(to, state) {
      const location = nextLocation(to, state);
      if (blocked) return;
      if (wouldBlock(location)) held(location, () => base.replace(to, state));
      else base.replace(to, state);
    },
    go: (delta) => base.go(delta),
    listen(listener) {
      return base.listen((update: Update) => {
        if (ignoreNextPop) {
          ignoreNextPop = false;
          return;
        }
        if (allowNextPop) {
          allowNextPop = false;
          listener(update);
          return;
        }
        // Pushes and replaces were asked before they happened; only Back and Forward arrive here first.
        const { delta } = update;
        if (update.action === 'POP' && delta && wouldBlock(update.location)) {
          ignoreNextPop = true;
          base.go(-delta);
          held(update.location, () => {
            allowNextPop = true;
            base.go(delta);
          });
          return;
        }
        listener(update);
      });
    },
    block(test) {
      shouldBlock = test;
      return () => {
        if (shouldBlock === test) shouldBlock = null;
        if (blocked) setBlocked(null);
      };
    },
    blocked: () => blocked,
    subscribe(onChange) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
  };
  return history;
}
