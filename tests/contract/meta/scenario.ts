import type { Database } from '@server/db/connect';
import type {
  ConnectorFetch,
  PlatformAd,
  PlatformCampaignRequest,
  PlatformConnector,
  SandboxControl,
} from '@server/platforms';
import { metaGrant, metaShortLivedToken } from '../../support/metaGraphApp';

/** A plan the scenarios launch on Meta: two flights, one picture ad, cost cap bidding. */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const AD: PlatformAd = {
  name: 'Spring look',
  format: 'single_image',
  texts: {
    primaryText: ['New season, new colours.'],
    headline: ['Spring is here'],
    description: ['Free returns'],
  },
  destination: 'https://shop.example/spring?utm_source=meta&utm_medium=paid_social&utm_campaign=spring',
  callToAction: 'SHOP_NOW',
  media: [
    {
      assetId: '00000000-0000-4000-8000-0000000000a1',
      kind: 'image',
      mimeType: 'image/png',
      width: 1080,
      height: 1080,
      durationMs: null,
      byteSize: 20_000,
      url: '/api/assets/00000000-0000-4000-8000-0000000000a1/file',
      focalX: 0.5,
      focalY: 0.5,
      crops: [],
    },
  ],
};

export function plan(
  reference: string,
  over: Partial<PlatformCampaignRequest> = {},
): PlatformCampaignRequest {
  return {
    reference,
    campaignId: '00000000-0000-4000-8000-000000000001',
    name: 'Spring sale',
    objectiveId: 6,
    startDate: day(0),
    endDate: day(9),
    budgetMinor: 100_000,
    currency: 'EUR',
    adSet: {
      audience: {
        locations: ['DE'],
        ageMin: 25,
        ageMax: 54,
        genders: [],
        languages: ['de'],
        interests: ['6003639161770'],
      },
      bidStrategy: 'cost_cap',
      costCapMinor: 250,
      flights: [
        { startDate: day(0), endDate: day(4), amountMinor: 50_000, pacing: 'even' },
        { startDate: day(5), endDate: day(9), amountMinor: 50_000, pacing: 'front_loaded' },
      ],
    },
    ads: [AD],
    ...over,
  };
}

/** Waits for what the platform shows (no fixed sleeps beyond a short poll). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Every operation of the connector once, in a campaign's life: connect, planning calls, pre-flight, launch,
 * review, update (+ its validate-only review), pause, resume, delivery, find after a crash, delete, disconnect.
 * `step` is told each operation's name before it runs (the recorder files exchanges under it).
 */
export async function fullScenario(
  db: Database,
  connector: PlatformConnector,
  fetch: ConnectorFetch,
  control: SandboxControl,
  step: (name: string) => void = () => {},
): Promise<void> {
  step('exchangeCode');
  const short = await metaShortLivedToken(db, fetch, 'ads_management ads_read business_management');
  step('completeGrant');
  const grant = await connector.completeGrant!({
    accessToken: String(short.access_token),
    refreshToken: null,
    accessExpiresAt: new Date(Date.now() + 7_200_000),
    refreshExpiresAt: null,
    scope: 'ads_management ads_read',
  });
  const credentials = { accessToken: grant.tokens.accessToken, externalAccountId: grant.adAccounts[0]!.id };
  const options = { credentials };
  step('searchInterests');
  await connector.searchInterests('travel', 5);
  step('interestsByIds');
  await connector.interestsByIds(['6003639161770', '6003469750945']);
  step('estimateAudience');
  await connector.estimateAudience(
    { objectiveId: 6, audience: plan('x').adSet!.audience, dailyBudgetMinor: 10_000 },
    options,
  );
  const launched = plan('scenario-launch');
  step('validate');
  await connector.validate(launched, { ...options, purpose: 'preflight' });
  step('launch');
  const campaign = await connector.launch(launched, options);
  step('status');
  await until(
    () => connector.status(campaign.externalId, options),
    (c) => c.status === 'active',
  );
  const changed: PlatformCampaignRequest = {
    ...launched,
    reference: 'scenario-update',
    budgetMinor: 130_000,
    adSet: {
      ...launched.adSet!,
      flights: [launched.adSet!.flights[0]!, { ...launched.adSet!.flights[1]!, amountMinor: 80_000 }],
    },
    ads: [AD, { ...AD, name: 'Summer look' }],
  };
  step('validateUpdate');
  await connector.validateUpdate(campaign.externalId, changed, options);
  step('update');
  await connector.update(campaign.externalId, changed, options);
  step('pause');
  await connector.pause(campaign.externalId, options);
  step('resume');
  await connector.resume(campaign.externalId, options);
  await control.advanceClock(3);
  step('delivery');
  await connector.delivery({ externalIds: [campaign.externalId], since: day(0) }, options);
  step('findByReference');
  await connector.findByReference(launched.reference, options);
  step('delete');
  await connector.delete(campaign.externalId, options);
  step('revokeGrant');
  await connector.revokeGrant!(grant.tokens.accessToken);
  await metaGrant(db);
}
