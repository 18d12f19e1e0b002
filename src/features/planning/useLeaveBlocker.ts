import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { type Location, UNSAFE_NavigationContext } from 'react-router-dom';

/**
 * What the app's history offers to hold a navigation (src/app/navigation/blockingHistory.ts); a feature
 * cannot import the shell, so it reads the router's navigator and uses these calls when they are there.
 */
interface LeaveBlocking {
  block: (shouldBlock: (next: Location) => boolean) => () => void;
  blocked: () => { location: Location; proceed: () => void; reset: () => void } | null;
  subscribe: (onChange: () => void) => () => void;
}

const canBlock = (navigator: object): navigator is LeaveBlocking =>
  'block' in navigator && 'blocked' in navigator && 'subscribe' in navigator;

const NEVER: LeaveBlocking = {
  block: () => () => undefined,
  blocked: () => null,
  subscribe: () => () => undefined,
};

/** useBlocker's declarative-mode twin: holds in-app navigations `shouldBlock` answers true for. */
export function useLeaveBlocker(shouldBlock: (next: Location) => boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const blocking = canBlock(navigator) ? navigator : NEVER;
  // The latest test, without registering again on each render (that would drop a question being asked).
  const test = useRef(shouldBlock);
  test.current = shouldBlock;
  useEffect(() => blocking.block((next) => test.current(next)), [blocking]);
  return useSyncExternalStore(blocking.subscribe, blocking.blocked, blocking.blocked);
}
