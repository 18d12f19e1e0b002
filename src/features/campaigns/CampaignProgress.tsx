import type { CampaignPlatformStatus } from '@contract/campaigns';
import type { ProgressDetail } from '@machines/campaignProgress';
import { Button } from '@src/ui/Button';
import * as cardCss from '@src/ui/card.css';
import * as recordCss from '@src/ui/record.css';
import * as table from '@src/ui/table.css';
import * as textCss from '@src/ui/text.css';
import { type CampaignProgress as ProgressModel, useCampaignProgress } from './useCampaignProgress';

export const PLATFORM_STATUS_LABELS: Record<CampaignPlatformStatus, string> = {
  pending: 'Pending',
  in_review: 'In review',
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  rejected: 'Rejected',
  failed: 'Failed',
  deleting: 'Deleting',
  deleted: 'Deleted',
};

const BADGE: Record<CampaignPlatformStatus, keyof typeof table.statusBadge> = {
  pending: 'draft',
  in_review: 'launching',
  scheduled: 'scheduled',
  active: 'active',
  paused: 'paused',
  rejected: 'failed',
  failed: 'failed',
  deleting: 'deleting',
  deleted: 'completed',
};

/** The campaign page's "Platforms" card: each platform's status as it changes during a launch or delete. */
export function CampaignProgress({
  campaignId,
  load,
}: {
  campaignId: string;
  load?: (campaignId: string) => Promise<ProgressDetail>;
}) {
  return <CampaignProgressCard progress={useCampaignProgress(campaignId, load)} />;
}

/** The card itself, for a page that follows the campaign's progress itself (the campaign page). */
export function CampaignProgressCard({ progress }: { progress: ProgressModel }) {
  const platforms = progress.detail?.platforms ?? [];
  return (
    <section className={cardCss.card} aria-labelledby="platform-progress-title" aria-busy={progress.isLive}>
      <header className={recordCss.cardHeader}>
        <h2 id="platform-progress-title" className={cardCss.cardTitle}>
          Platforms
        </h2>
        {progress.isLive ? <span className={textCss.muted}>Updating…</span> : null}
      </header>
      <div className={recordCss.cardBody}>
        {progress.phase === 'failed' ? (
          <div role="alert">
            <p>{progress.errorMessage}</p>
            <Button type="button" variant="secondary" onClick={progress.retry}>
              Try again
            </Button>
          </div>
        ) : null}
        {progress.phase === 'loading' && !progress.detail ? <p className={textCss.muted}>Loading…</p> : null}
        {progress.detail?.failureReason ? <p role="status">{progress.detail.failureReason}</p> : null}
        {progress.detail && platforms.length === 0 ? (
          <p className={textCss.muted}>No platforms chosen.</p>
        ) : null}
        {platforms.length > 0 ? (
          <table className={table.table} aria-label="Platform progress">
            <thead>
              <tr>
                <th scope="col" className={table.th}>
                  Platform
                </th>
                <th scope="col" className={table.th}>
                  External id
                </th>
                <th scope="col" className={table.th}>
                  Status
                </th>
                <th scope="col" className={table.th}>
                  Last error
                </th>
              </tr>
            </thead>
            <tbody>
              {platforms.map((platform) => (
                <tr key={platform.key} data-platform={platform.key}>
                  <td className={table.td}>{platform.displayName}</td>
                  <td className={table.td}>{platform.externalId ?? '—'}</td>
                  <td className={table.td}>
                    <span className={table.statusBadge[BADGE[platform.status]]}>
                      {PLATFORM_STATUS_LABELS[platform.status]}
                    </span>
                  </td>
                  <td className={table.td}>{platform.lastError ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </section>
  );
}
