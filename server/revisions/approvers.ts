import { can, type Role } from '@contract/policy';
import type { ApproverCandidate } from '@contract/revisions';
import { sql } from 'drizzle-orm';
import { MAY_WORK_IN_ACCOUNT } from '../auth/sessions';
import { campaignNotFound, lockCampaign } from '../campaigns/store';
import type { ScopeContext } from '../data/define';
import type { Database } from '../db/connect';
import { inTransaction } from '../db/transaction';

/** Who may be asked to approve the campaign's plan: members who work in its account and may sign off. */
export async function approverCandidates(
  db: Database,
  scope: ScopeContext,
  campaignId: string,
): Promise<ApproverCandidate[]> {
  return inTransaction(db, async (tx) => {
    const campaign = await lockCampaign(tx, scope, campaignId, 'share');
    if (!campaign) throw campaignNotFound();
    const { rows } = await tx.execute<{
      id: string;
      email: string;
      first_name: string;
      last_name: string;
      role: Role;
    }>(sql`
      SELECT u.id, u.email, u.first_name, u.last_name, m.role
      FROM memberships m JOIN accounts a ON a.organization_id = m.organization_id JOIN users u ON u.id = m.user_id
      WHERE a.id = ${campaign.accountId}::uuid AND ${sql.raw(MAY_WORK_IN_ACCOUNT)}
      ORDER BY (m.role = 'client') DESC, u.first_name, u.last_name, u.email`);
    return rows
      .filter((row) => can(row.role, 'revisions.decide'))
      .map((row) => ({
        id: row.id,
        email: row.email,
        name: `${row.first_name} ${row.last_name}`.trim() || row.email,
        role: row.role,
        isDefault: row.role === 'client',
      }));
  });
}
