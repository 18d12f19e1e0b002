import { useSession } from '@src/api/session';
import { ActivityTable } from '@src/ui/activity/ActivityTable';

/** /activity: the account's change log, filtered by who, what and when, with a CSV export (docs/activity.md). */
export function ActivityView() {
  const { account } = useSession();
  return (
    <ActivityTable
      title="Activity"
      subtitle={
        account ? `Every change made in ${account.name}, newest first.` : 'Every change, newest first.'
      }
    />
  );
}

export default ActivityView;
