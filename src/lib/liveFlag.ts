/**
 * Whether this tab reports its charts to the explorer's live mode (src/lib/liveCharts.ts): in a development
 * start, or once “Follow the running app” was switched on in this browser. Kept apart and small: the check
 * is in the first download, the reporter is loaded only when it answers yes.
 */
export const LIVE_FLAG = 'flightplan.chartsLive';

export function isLiveWanted(): boolean {
  if (typeof window === 'undefined') return false;
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') return true;
  try {
    return window.localStorage.getItem(LIVE_FLAG) === 'on';
  } catch {
    return false;
  }
}
