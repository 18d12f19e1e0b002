import { displayNameOf } from '@contract/reference';
import { eq } from 'drizzle-orm';
import type { CampaignRow } from '../db/rows';
import * as t from '../db/schema';
import type { TxDatabase } from '../db/transaction';
import { notify, recipientsOf } from './store';

/** Who hears about what runs on the platforms: the account's owners, admins and planners. */
const PLANNERS = ['owner', 'admin', 'planner'] as const;

/** What a job did on the platforms, as a notification's title says it failed. */
export type PlatformJobKind = 'launch' | 'pause' | 'resume' | 'delete' | 'update';
const FAILED_TO: Record<PlatformJobKind, string> = {
  launch: 'did not launch',
  update: 'did not take the change',
  pause: 'could not be paused',
  resume: 'could not be resumed',
  delete: 'could not be deleted',
};

/**
 * A launch, pause, resume or delete ended with platforms that did not take it: the planners hear which and
 * why (the platforms' own words), once — in the transaction that moved the campaign on.
 */
export async function noticeOfPlatformFailure(
  tx: TxDatabase,
  campaign: Pick<CampaignRow, 'id' | 'name' | 'accountId' | 'organizationId'>,
  failed: readonly { platformKey: string; lastError: string | null }[],
  kind: PlatformJobKind = 'launch',
): Promise<void> {
  if (failed.length === 0) return;
  const reasons = failed.map(
    (row) => `${displayNameOf(row.platformKey)}: ${row.lastError ?? 'the platform did not answer'}`,
  );
  await notify(tx, {
    userIds: await recipientsOf(tx, campaign.accountId, PLANNERS),
    organizationId: campaign.organizationId,
    accountId: campaign.accountId,
    kind: 'platform_failed',
    title: `${campaign.name} ${FAILED_TO[kind]} on ${failed.map((row) => displayNameOf(row.platformKey)).join(' and ')}`,
    body: reasons.join('\n'),
    link: `/campaigns/${campaign.id}`,
  });
}

/** A platform connection stopped working (credentials expired or revoked): the planners reconnect it. */
export async function noticeOfReconnect(
  tx: TxDatabase,
  accountId: string,
  platformKey: string,
  problem: string,
): Promise<void> {
  const [account] = await tx.select().from(t.accounts).where(eq(t.accounts.id, accountId));
  if (!account) return;
  const platform = displayNameOf(platformKey);
  await notify(tx, {
    userIds: await recipientsOf(tx, accountId, PLANNERS),
    organizationId: account.organizationId,
    accountId,
    kind: 'connection_needs_reconnect',
    title: `${platform} needs reconnecting in ${account.name}`,
    body: `${problem} Launches, changes and delivery on ${platform} wait until someone connects it again.`,
    link: '/platforms',
  });
}
