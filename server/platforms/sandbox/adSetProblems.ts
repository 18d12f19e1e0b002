import { daysInclusive, formatMinor, minAgeFor } from '@contract/planning';
import { OBJECTIVES } from '@contract/reference';
import type { PlatformAdSet, PlatformCampaignRequest } from '../connector';
import { estimateAudience } from './audienceEstimate';
import type { SandboxPlatform } from './data';

const objectiveLabel = (id: number) => OBJECTIVES.find((o) => o.id === id)?.label ?? `objective ${id}`;
const count = (n: number) => n.toLocaleString('en-US');

/**
 * Why the platform would refuse this ad set, naming the rule, or null. The wizard's checks
 * (contract/planning/checks.ts) refuse the same plans earlier; these are the platform's own word at
 * launch, for a plan that slipped past them (changed rules, an old draft, another client of the API).
 */
export function adSetProblem(
  platform: SandboxPlatform,
  request: PlatformCampaignRequest & { adSet: PlatformAdSet },
): string | null {
  const { rules } = platform;
  const { adSet, currency } = request;
  const name = rules.displayName;
  const objective = objectiveLabel(request.objectiveId);
  if (!rules.objectives.includes(request.objectiveId)) return `${name} does not run ${objective} campaigns.`;

  const minDaily = rules.minDailyBudgetMinor[currency as keyof typeof rules.minDailyBudgetMinor];
  const money = (minor: number) => formatMinor(minor, currency);
  if (minDaily !== undefined && request.startDate && request.endDate) {
    const days = daysInclusive(request.startDate, request.endDate);
    if (request.budgetMinor < minDaily * days)
      return `The budget for ${name} is under its minimum daily budget: ${money(minDaily)} a day over ${days} days is at least ${money(minDaily * days)}.`;
  }

  if (adSet.flights.length === 0) return `${name} needs at least one flight.`;
  let planned = 0;
  for (const [index, flight] of adSet.flights.entries()) {
    const which = `Flight ${index + 1} (${flight.startDate} to ${flight.endDate})`;
    planned += flight.amountMinor;
    if (flight.endDate < flight.startDate) return `${which} on ${name} ends before it starts.`;
    if (
      request.startDate &&
      request.endDate &&
      (flight.startDate < request.startDate || flight.endDate > request.endDate)
    )
      return `${which} on ${name} runs outside the campaign (${request.startDate} to ${request.endDate}).`;
    const days = daysInclusive(flight.startDate, flight.endDate);
    if (minDaily !== undefined && flight.amountMinor < minDaily * days)
      return `${which} on ${name} is under its minimum daily budget: ${money(minDaily)} a day over ${days} days is at least ${money(minDaily * days)}.`;
  }
  if (planned !== request.budgetMinor)
    return `The flights on ${name} add up to ${money(planned)}, not its budget of ${money(request.budgetMinor)}.`;

  const youngest = minAgeFor(rules, request.objectiveId);
  if (adSet.audience.ageMin < youngest)
    return `${name} targets people ${youngest} and over for ${objective} campaigns, not from ${adSet.audience.ageMin}.`;

  if (!rules.bidStrategies.includes(adSet.bidStrategy))
    return `${name} does not offer ${adSet.bidStrategy === 'cost_cap' ? 'cost cap' : 'lowest cost'} bidding.`;
  if (adSet.bidStrategy === 'cost_cap' && !(adSet.costCapMinor && adSet.costCapMinor > 0))
    return `A cost cap on ${name} needs its amount per result.`;

  if (adSet.audience.interests.length > rules.maxInterests)
    return `${name} allows at most ${rules.maxInterests} interests in one ad set.`;
  const unknown = adSet.audience.interests.find((id) => !platform.interestsById.has(id));
  if (unknown !== undefined) return `${name} has no interest ${unknown} in its taxonomy.`;

  const estimate = estimateAudience(platform, {
    objectiveId: request.objectiveId,
    audience: adSet.audience,
    dailyBudgetMinor: null,
  });
  if (estimate.upper < rules.minAudienceSize)
    return `The audience is too small for ${name}: about ${count(estimate.upper)} people, under its minimum of ${count(rules.minAudienceSize)}.`;
  return null;
}
