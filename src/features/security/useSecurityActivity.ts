import {
  SECURITY_ACTIVITY_DEFAULT_LIMIT,
  type SecurityEvent,
  securityEventMethodName,
  securityEventTitle,
} from '@contract/securityActivity';
import { formatDateTime, formatTimeAgo } from '@src/lib/format';
import { useCallback, useEffect, useRef, useState } from 'react';
import { securityApi } from './securityApi';

/** One line of “Recent activity”, ready to show. */
export interface ActivityItem {
  id: string;
  /** “Signed in”, “Confirmed: Delete campaign Spring Launch on Meta and TikTok”. */
  title: string;
  /** “Password”, “E-mail code”, “Passkey”. */
  methodName: string;
  /** “Chrome on macOS”. */
  browser: string;
  /** ISO, for `<time dateTime>`. */
  at: string;
  /** “5 minutes ago”. */
  ago: string;
  /** The exact date and time, for the title. */
  exact: string;
}

export type ActivityView =
  | { status: 'loading'; items: [] }
  | { status: 'failed'; items: [] }
  | { status: 'ready'; items: ActivityItem[] };

/** The events as the card shows them (the wording is the contract's). */
export const activityItems = (events: SecurityEvent[], now = Date.now()): ActivityItem[] =>
  events.map((event) => ({
    id: event.id,
    title: securityEventTitle(event),
    methodName: securityEventMethodName(event.method),
    browser: event.browser,
    at: event.createdAt,
    ago: formatTimeAgo(event.createdAt, now),
    exact: formatDateTime(event.createdAt),
  }));

/**
 * The security page's “Recent activity” (issue 11): the user's latest sign-ins and step-ups, loaded with the
 * page (`reload` after a failure) and again when `changes` changes from one known value to another (the page
 * passes its list of methods: adding or removing one was itself confirmed, so it shows up here). A plain read
 * with no rules of its own, so no chart of its own.
 */
export function useSecurityActivity(changes: string | null = null) {
  const [view, setView] = useState<ActivityView>({ status: 'loading', items: [] });
  const live = useRef(true);

  const load = useCallback(() => {
    setView({ status: 'loading', items: [] });
    securityApi.activity(SECURITY_ACTIVITY_DEFAULT_LIMIT).then(
      (events) => {
        if (live.current) setView({ status: 'ready', items: activityItems(events) });
      },
      () => {
        if (live.current) setView({ status: 'failed', items: [] });
      },
    );
  }, []);

  useEffect(() => {
    live.current = true;
    load();
    return () => {
      live.current = false;
    };
  }, [load]);

  // A later change of the page's methods (not their first load) reloads the activity.
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (changes === null) return;
    if (seen.current !== null && seen.current !== changes) load();
    seen.current = changes;
  }, [changes, load]);

  return { view, reload: load };
}
