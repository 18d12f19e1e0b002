import {
  DEFAULT_PACING_THRESHOLDS,
  type PacingSettings,
  type PacingSettingsUpdate,
  type PacingThresholds,
} from '@contract/pacing';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { accountPacingSettings } from '../db/schema';
import type { TxDatabase } from '../db/transaction';

type Db = Pick<Database | TxDatabase, 'select' | 'insert'>;

/** The account's pacing thresholds (Settings → Pacing alerts); the defaults until someone changes them. */
export async function thresholdsOf(db: Db, accountId: string): Promise<PacingThresholds> {
  const { underPercent, overPercent } = await pacingSettingsOf(db, accountId);
  return { underPercent, overPercent };
}

export async function pacingSettingsOf(db: Db, accountId: string): Promise<PacingSettings> {
  const [row] = await db
    .select()
    .from(accountPacingSettings)
    .where(eq(accountPacingSettings.accountId, accountId));
  if (!row) return { ...DEFAULT_PACING_THRESHOLDS, isDefault: true, updatedAt: null };
  return {
    underPercent: row.underPercent,
    overPercent: row.overPercent,
    isDefault: false,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Saves the account's thresholds (the route checked the body and the member's right to). */
export async function savePacingSettings(
  db: Db,
  scope: { accountId: string; organizationId: string; userId: string },
  update: PacingSettingsUpdate,
): Promise<PacingSettings> {
  const values = { underPercent: update.underPercent, overPercent: update.overPercent };
  await db
    .insert(accountPacingSettings)
    .values({
      accountId: scope.accountId,
      organizationId: scope.organizationId,
      updatedBy: scope.userId,
      ...values,
    })
    .onConflictDoUpdate({
      target: accountPacingSettings.accountId,
      set: { ...values, updatedBy: scope.userId, updatedAt: sql`now()` },
    });
  return pacingSettingsOf(db, scope.accountId);
}
