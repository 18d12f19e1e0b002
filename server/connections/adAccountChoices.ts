import type { AdAccountOption } from '@contract/connections';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { platformAdAccountChoices } from '../db/schema';
import type { SecretBox } from '../db/secretBox';
import { inTransaction, type TxDatabase } from '../db/transaction';
import type { AdAccountChoice as PlatformAdAccount } from '../platforms/connector';
import type { ConnectionTokens } from './store';

/** The planner chooses within this time of coming back from the consent page, like the Connect itself. */
export const CHOICE_TTL_MS = 10 * 60 * 1000;

const tokensContext = (choiceId: string) => `ad-account-choice:${choiceId}`;

/** Who may read and use a choice: the person who connected, from the account they connected in. */
export interface ChoiceCaller {
  userId: string;
  accountId: string;
  platformKey: string;
}

interface SealedTokens {
  accessToken: string;
  refreshToken: string | null;
  accessExpiresAt: string;
  refreshExpiresAt: string | null;
  scope: string;
}

/** Keeps a grant that reaches several ad accounts until the planner chooses one; its id goes in the return URL. */
export async function saveAdAccountChoice(
  db: Database,
  box: SecretBox,
  choice: ChoiceCaller & { tokens: ConnectionTokens; adAccounts: PlatformAdAccount[]; returnTo: string },
  now = Date.now(),
): Promise<string> {
  // Choices nobody made: nothing will use them.
  await db.delete(platformAdAccountChoices).where(lt(platformAdAccountChoices.expiresAt, new Date(now)));
  const id = crypto.randomUUID();
  const tokens: SealedTokens = {
    ...choice.tokens,
    accessExpiresAt: choice.tokens.accessExpiresAt.toISOString(),
    refreshExpiresAt: choice.tokens.refreshExpiresAt?.toISOString() ?? null,
  };
  await db.insert(platformAdAccountChoices).values({
    id,
    accountId: choice.accountId,
    userId: choice.userId,
    platformKey: choice.platformKey,
    tokensSealed: box.seal(JSON.stringify(tokens), tokensContext(id)),
    adAccounts: choice.adAccounts,
    returnTo: choice.returnTo,
    expiresAt: new Date(now + CHOICE_TTL_MS),
  });
  return id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const mine = (id: string, caller: ChoiceCaller) =>
  and(
    eq(platformAdAccountChoices.id, id),
    eq(platformAdAccountChoices.userId, caller.userId),
    eq(platformAdAccountChoices.accountId, caller.accountId),
    eq(platformAdAccountChoices.platformKey, caller.platformKey),
    sql`${platformAdAccountChoices.expiresAt} > now()`,
  );

export const optionOf = (account: PlatformAdAccount): AdAccountOption => ({
  id: account.id,
  name: account.name,
  currency: account.currency,
  manager: account.managerId
    ? { id: account.managerId, name: account.managerName ?? account.managerId }
    : null,
});

/** The ad accounts to choose from; null for another person's, another account's, a used or an expired choice. */
export async function readAdAccountChoice(db: Database, id: string, caller: ChoiceCaller) {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      adAccounts: platformAdAccountChoices.adAccounts,
      expiresAt: platformAdAccountChoices.expiresAt,
    })
    .from(platformAdAccountChoices)
    .where(mine(id, caller));
  if (!row) return null;
  return { adAccounts: row.adAccounts as PlatformAdAccount[], expiresAt: row.expiresAt };
}

export type TakenChoice =
  | { ok: true; tokens: ConnectionTokens; adAccount: PlatformAdAccount; returnTo: string }
  | { ok: false; reason: 'unknown' | 'not_offered' };

/**
 * Uses the choice for `adAccountId`: the grant's tokens and the account as the platform listed it. The
 * choice is deleted as it is used (a second POST finds nothing); an id it did not offer leaves it as it was.
 * `connect` runs in the same transaction, so a failed save leaves the choice to try again.
 */
export async function takeAdAccountChoice(
  db: Database,
  box: SecretBox,
  id: string,
  caller: ChoiceCaller,
  adAccountId: string,
  connect: (tx: TxDatabase, taken: Extract<TakenChoice, { ok: true }>) => Promise<void>,
): Promise<TakenChoice> {
  if (!UUID.test(id)) return { ok: false, reason: 'unknown' };
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(platformAdAccountChoices).where(mine(id, caller)).for('update');
    if (!row) return { ok: false, reason: 'unknown' } as const;
    const adAccount = (row.adAccounts as PlatformAdAccount[]).find((account) => account.id === adAccountId);
    if (!adAccount) return { ok: false, reason: 'not_offered' } as const;
    const sealed = JSON.parse(box.open(row.tokensSealed, tokensContext(id))) as SealedTokens;
    const taken = {
      ok: true as const,
      adAccount,
      returnTo: row.returnTo,
      tokens: {
        ...sealed,
        accessExpiresAt: new Date(sealed.accessExpiresAt),
        refreshExpiresAt: sealed.refreshExpiresAt ? new Date(sealed.refreshExpiresAt) : null,
      },
    };
    await connect(tx, taken);
    await tx.delete(platformAdAccountChoices).where(eq(platformAdAccountChoices.id, id));
    return taken;
  });
}
