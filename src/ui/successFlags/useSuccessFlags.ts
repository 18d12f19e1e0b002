import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { toaster } from '../toaster';

/** A done flag (`campaignDeleted`, …) and the toast that confirms it, word for word. */
export type SuccessMessages = Readonly<Record<string, string>>;

export const CAMPAIGN_SUCCESS_MESSAGES = {
  campaignDeleted: 'Campaign deleted.',
  campaignDuplicated: 'Campaign duplicated.',
  campaignLaunched: 'Campaign launch started.',
  campaignPaused: 'Pausing the campaign on its platforms.',
  campaignResumed: 'Resuming the campaign on its platforms.',
} as const satisfies SuccessMessages;

export const CUSTOMER_SUCCESS_MESSAGES = {
  customerCreated: 'Customer created.',
  customerRenamed: 'Customer renamed.',
  customerDeleted: 'Customer deleted.',
} as const satisfies SuccessMessages;

/**
 * A success flag in the URL (`?campaignDeleted=true`, set by a modal as it closes) is consumed once: the
 * page's data is asked for again, a confirmation toast appears, and the flag leaves the URL with a history
 * *replace*, so neither a reload nor Back toasts again. This reacts to navigation, so it runs in an effect.
 */
export function useSuccessFlags(messages: SuccessMessages, refresh: () => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  // The history entry already handled (React may run an effect twice for the same entry in development).
  const handled = useRef<string | null>(null);
  const raised = Object.keys(messages)
    .filter((flag) => searchParams.has(flag))
    .join(',');

  useEffect(() => {
    if (raised === '' || handled.current === location.key) return;
    handled.current = location.key;
    const flags = raised.split(',');
    const confirmed = flags.filter((flag) => new URLSearchParams(location.search).get(flag) === 'true');
    for (const flag of confirmed) toaster.success({ title: messagesRef.current[flag] });
    if (confirmed.length > 0) refreshRef.current();
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const flag of flags) next.delete(flag);
        return next;
      },
      { replace: true },
    );
  }, [raised, location.key, location.search, setSearchParams]);
}
