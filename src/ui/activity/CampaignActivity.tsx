import { ActivityTable } from './ActivityTable';

/**
 * A campaign's Activity tab: the change log of that campaign and its plan (steps, flights, ads, bookings),
 * with the who / what / when filters and the CSV export, without the campaign filter.
 */
export function CampaignActivity({ campaignId }: { campaignId: string }) {
  return (
    <ActivityTable
      title="Activity"
      subtitle="Every change to this campaign and its plan, newest first."
      campaignId={campaignId}
    />
  );
}
