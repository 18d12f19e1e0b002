import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { organizations, planChanges } from '../db/schema';

/**
 * Puts an organization on a plan and writes the `plan_changes` row, in one transaction. The one function
 * every billing path calls: the local adapter directly, a payment provider from its confirming webhook
 * (with `userId` null, or the user the checkout session was started for).
 * Returns the previous plan code, or null when the organization does not exist.
 */
export async function recordPlanChange(
  db: Database,
  change: { organizationId: string; planCode: string; userId: string | null },
): Promise<{ fromPlanCode: string } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ planCode: organizations.planCode })
      .from(organizations)
      .where(eq(organizations.id, change.organizationId))
      .for('update');
    if (!current) return null;
    if (current.planCode === change.planCode) return { fromPlanCode: current.planCode };
    await tx
      .update(organizations)
      .set({ planCode: change.planCode })
      .where(eq(organizations.id, change.organizationId));
    await tx.insert(planChanges).values({
      organizationId: change.organizationId,
      fromPlanCode: current.planCode,
      toPlanCode: change.planCode,
      userId: change.userId,
    });
    return { fromPlanCode: current.planCode };
  });
}
