import type { CampaignPlatformStatus } from '@contract/campaigns';
import type { ProgressDetail } from '@machines/campaignProgress';
import type { PlacementToggleView } from '@machines/placementToggle';
import * as a11y from '@src/ui/a11y.css';
import { Button } from '@src/ui/Button';
import * as cardCss from '@src/ui/card.css';
import { PermittedButton } from '@src/ui/PermittedButton';
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

/**
 * The card itself, for a page that follows the campaign's progress itself (the campaign page). With
 * `toggle`, each row offers Pause or Resume of the campaign on that platform alone, as the lifecycle charts
 * allow, and says there why a request was refused.
 */
export function CampaignProgressCard({
  progress,
  toggle,
}: {
  progress: ProgressModel;
  toggle?: PlacementToggleView;
}) {
  const platforms = progress.detail?.platforms ?? [];
  const campaignStatus = progress.detail?.status;
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
                {toggle ? (
                  <th scope="col" className={table.th}>
                    <span className={a11y.visuallyHidden}>Actions</span>
                  </th>
                ) : null}
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
                    {platform.changeNote ? (
                      <span className={textCss.muted}> {platform.changeNote}</span>
                    ) : null}
                  </td>
                  <td className={table.td}>{platform.lastError ?? '—'}</td>
                  {toggle && campaignStatus ? (
                    <PlacementActions row={toggle.rowOf(campaignStatus, platform)} />
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </section>
  );
}

/** A platform's Pause or Resume, and why its last request was refused (by the button pressed). */
function PlacementActions({ row }: { row: ReturnType<PlacementToggleView['rowOf']> }) {
  return (
    <td className={table.td}>
      {row.action ? (
        <PermittedButton
          action="campaigns.pause"
          variant="secondary"
          aria-label={row.accessibleLabel}
          disabled={row.disabled}
          onClick={row.press}
        >
          {row.label}
        </PermittedButton>
      ) : null}
      {row.refusal ? <p role="alert">{row.refusal}</p> : null}
    </td>
  );
}
