import type { Database } from '../db/connect';
import type {
  CallOptions,
  PlatformAdSet,
  PlatformCampaignRequest,
  PlatformConnector,
} from '../platforms/connector';
import { loadAllocations, loadAudience, loadFlights } from './plan';
import { platformAds } from './platformAds';

/**
 * The request a launch (and the review's pre-flight, with the same contents) sends one platform: the
 * campaign, its share and ad set, and its ads. The platform's rules are asked for the crops its
 * placements take; a platform that cannot answer them fails the call like any other of its outages.
 */
export async function platformRequest(
  db: Database,
  connector: PlatformConnector,
  campaign: {
    id: string;
    name: string;
    objectiveId: number;
    startDate: string | null;
    endDate: string | null;
    currency: string;
    platforms: readonly string[];
    budgetMinor: number;
  },
  reference: string,
  options?: CallOptions,
): Promise<PlatformCampaignRequest> {
  const [{ budgetMinor, adSet }, rules] = await Promise.all([
    platformShare(db, campaign, connector.key),
    connector.rules(options),
  ]);
  return {
    reference,
    campaignId: campaign.id,
    name: campaign.name,
    objectiveId: campaign.objectiveId,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    budgetMinor,
    currency: campaign.currency,
    adSet,
    ads: await platformAds(db, campaign.id, connector.key, rules.creative),
  };
}

/**
 * What the launch sends one platform of a plan: its allocation as its budget and its ad set (the
 * audience with that platform's interests, its bid strategy and cost cap, its flights in date order).
 * A campaign planned before the wizard had audiences and flights has no ad set; its budget is split
 * evenly then, the first platform taking the odd units, as launches always did.
 */
export async function platformShare(
  db: Database,
  campaign: { id: string; platforms: readonly string[]; budgetMinor: number },
  platformKey: string,
): Promise<{ budgetMinor: number; adSet: PlatformAdSet | null }> {
  const [allocations, audience, flights] = await Promise.all([
    loadAllocations(db, campaign.id),
    loadAudience(db, campaign.id),
    loadFlights(db, campaign.id),
  ]);
  const allocation = allocations[platformKey];
  const budgetMinor = allocation?.amountMinor ?? evenShare(campaign, platformKey);
  const mine = flights
    .filter((f) => f.platform === platformKey)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  if (!audience || mine.length === 0 || !allocation) return { budgetMinor, adSet: null };
  return {
    budgetMinor,
    adSet: {
      audience: {
        locations: audience.locations,
        ageMin: audience.ageMin,
        ageMax: audience.ageMax,
        genders: audience.genders,
        languages: audience.languages,
        interests: audience.interests[platformKey] ?? [],
      },
      bidStrategy: allocation.bidStrategy,
      costCapMinor: allocation.bidStrategy === 'cost_cap' ? allocation.costCapMinor : null,
      flights: mine.map((f) => ({
        startDate: f.startDate,
        endDate: f.endDate,
        amountMinor: f.amountMinor,
        pacing: f.pacing,
      })),
    },
  };
}

function evenShare(campaign: { platforms: readonly string[]; budgetMinor: number }, platformKey: string) {
  const count = Math.max(1, campaign.platforms.length);
  const share = Math.floor(campaign.budgetMinor / count);
  return campaign.platforms[0] === platformKey ? campaign.budgetMinor - share * (count - 1) : share;
}
