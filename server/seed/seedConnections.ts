import { PLATFORMS } from '@contract/reference';
import { saveConnection } from '../connections/store';
import type { Database } from '../db/connect';
import type { SecretBox } from '../db/secretBox';
import { sandboxAdAccounts } from '../platforms/sandbox/oauth/accounts';
import { issueSandboxTokens } from '../platforms/sandbox/oauthTokens';

/**
 * The demo accounts come connected to every sandbox platform, as if their planner had allowed each consent
 * page with the first ad account offered: the seeded campaigns can be paused, resumed and deleted at once.
 */
export async function connectSeededAccount(
  db: Pick<Database, 'insert'>,
  box: SecretBox,
  user: { id: string },
  accountId: string,
): Promise<void> {
  for (const { key } of PLATFORMS) {
    const [adAccount] = sandboxAdAccounts(key, user.id);
    const tokens = await issueSandboxTokens(db, {
      platformKey: key,
      clientId: 'flightplan',
      externalAccountId: adAccount!.id,
      scope: 'ads_read ads_management',
    });
    await saveConnection(db, box, {
      accountId,
      platformKey: key,
      adAccount: { id: adAccount!.id, name: adAccount!.name, managerId: null, managerName: null },
      connectedBy: user.id,
      tokens,
    });
  }
}
