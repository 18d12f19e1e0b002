import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
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

/** The query parameter naming the copy a duplicate made, beside `campaignDuplicated` (set by the modal). */
export const COPY_PARAM = 'copyId';
/** …and the budget it draws on ('' when none covers its dates), for the notice to say. */
export const COPY_BUDGET_PARAM = 'copyBudget';

/** What the duplicate's notice says of the copy's budget (issue 28). */
export function copyBudgetText(budgetName: string | null): string | undefined {
  if (budgetName === null) return undefined;
  return budgetName === ''
    ? 'No budget of its customer covers its dates: it draws on none.'
    : `It draws on the budget ${budgetName}.`;
}

/**
 * A success flag in the URL (`?campaignDeleted=true`, set by a modal as it closes) is consumed once: the
 * page's data is asked for again, a confirmation toast appears, and the flag leaves the URL with a history
 * *replace*, so neither a reload nor Back toasts again. This reacts to navigation, so it runs in an effect.
 */
export function useSuccessFlags(messages: SuccessMessages, refresh: () => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
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
    const query = new URLSearchParams(location.search);
    const confirmed = flags.filter((flag) => query.get(flag) === 'true');
    // A duplicate's copy (issue 28): its notice offers to open it, and stays longer for that.
    const copyId = query.get(COPY_PARAM);
    const budgetText = copyBudgetText(query.get(COPY_BUDGET_PARAM));
    for (const flag of confirmed)
      toaster.success({
        title: messagesRef.current[flag],
        ...(flag === 'campaignDuplicated' && copyId
          ? {
              ...(budgetText ? { description: budgetText } : {}),
              duration: 10_000,
              action: {
                label: 'Open the copy',
                onClick: () => navigateRef.current(`/campaigns/${encodeURIComponent(copyId)}`),
              },
            }
          : {}),
      });
    if (confirmed.length > 0) refreshRef.current();
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const flag of flags) next.delete(flag);
        next.delete(COPY_PARAM);
        next.delete(COPY_BUDGET_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [raised, location.key, location.search, setSearchParams]);
}
