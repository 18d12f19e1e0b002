import { computePacing, isOffPace, type PacingThresholds } from '@contract/pacing';
import { addDays, formatMinor } from '@contract/planning/calendar';
import { displayNameOf } from '@contract/reference';
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { campaignFlights, campaigns, deliveryDaily, pacingAlerts } from '../db/schema';
import { notify, recipientsOf } from '../notifications/store';
import { thresholdsOf } from './settings';

/**
 * Pacing alerts (issue 28, docs/pacing.md#pacing-alerts): after a delivery sync of an account's platform, each
 * flight of its active campaigns on that platform, in progress, is paced with the account's thresholds (the
 * one rule, `computePacing`). A flight that goes off pace tells the account's planners once — a row in
 * `pacing_alerts` remembers it — until it is back on track (the row goes) and goes off pace again. Turning
 * from under- to overpacing (or back) is going off pace again.
 */

/** Who hears about pacing: the account's owners, admins and planners. */
const PLANNERS = ['owner', 'admin', 'planner'] as const;
const CAMPAIGNS_PER_READ = 5_000;

export interface PacingCheck {
  /** Flights paced. */
  checked: number;
  /** Flights that went off pace now (one notification each). */
  alerted: number;
  /** Flights back on track whose alert was cleared. */
  cleared: number;
}

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** The notification of a flight that went off pace: what it spent against its plan, and the threshold. */
export function offPaceNotice(input: {
  campaignName: string;
  platformKey: string;
  currency: string;
  startDate: string;
  endDate: string;
  status: 'underpacing' | 'overpacing';
  spentMinor: number;
  plannedMinor: number;
  thresholds: PacingThresholds;
}): { title: string; body: string } {
  const platform = displayNameOf(input.platformKey);
  const under = input.status === 'underpacing';
  const off =
    input.plannedMinor === 0 ? null : Math.round(Math.abs(input.spentMinor / input.plannedMinor - 1) * 100);
  const threshold = under ? input.thresholds.underPercent : input.thresholds.overPercent;
  return {
    title: `${input.campaignName} is ${input.status} on ${platform}`,
    body:
      `${platform} has spent ${formatMinor(input.spentMinor, input.currency)} of the ` +
      `${formatMinor(input.plannedMinor, input.currency)} planned to date for the flight ` +
      `${dayLabel(input.startDate)} – ${dayLabel(input.endDate)}` +
      (off === null ? '' : `: ${off} % ${under ? 'below' : 'above'} plan`) +
      `. This account alerts beyond ${threshold} % ${under ? 'under' : 'over'}.`,
  };
}

/**
 * Paces the account's flights on `platformKey` as of `today` (the platform's day: the day after the last
 * complete day it reported) and alerts on those that went off pace.
 */
export async function checkPacing(
  db: Database,
  accountId: string,
  platformKey: string,
  today: string,
): Promise<PacingCheck> {
  const lastComplete = addDays(today, -1);
  const flights = await db
    .select({
      id: campaignFlights.id,
      campaignId: campaigns.id,
      campaignName: campaigns.name,
      organizationId: campaigns.organizationId,
      currency: campaigns.currency,
      startDate: campaignFlights.startDate,
      endDate: campaignFlights.endDate,
      amountMinor: campaignFlights.amountMinor,
    })
    .from(campaignFlights)
    .innerJoin(campaigns, eq(campaigns.id, campaignFlights.campaignId))
    .where(
      and(
        eq(campaigns.accountId, accountId),
        eq(campaigns.status, 'active'),
        eq(campaignFlights.platformKey, platformKey),
        lt(campaignFlights.startDate, today),
        gte(campaignFlights.endDate, today),
      ),
    );
  const result: PacingCheck = { checked: flights.length, alerted: 0, cleared: 0 };
  if (flights.length === 0) return result;

  const thresholds = await thresholdsOf(db, accountId);
  const campaignIds = [...new Set(flights.map((f) => f.campaignId))];
  const earliest = flights.reduce((first, f) => (f.startDate < first ? f.startDate : first), today);
  // In chunks: an account may run more campaigns than a statement takes parameters.
  const days: { campaignId: string; date: string; spendMinor: number }[] = [];
  for (let start = 0; start < campaignIds.length; start += CAMPAIGNS_PER_READ) {
    const rows = await db
      .select({
        campaignId: deliveryDaily.campaignId,
        date: deliveryDaily.date,
        spendMinor: deliveryDaily.spendMinor,
      })
      .from(deliveryDaily)
      .where(
        and(
          eq(deliveryDaily.accountId, accountId),
          eq(deliveryDaily.platformKey, platformKey),
          inArray(deliveryDaily.campaignId, campaignIds.slice(start, start + CAMPAIGNS_PER_READ)),
          gte(deliveryDaily.date, earliest),
          lte(deliveryDaily.date, lastComplete),
        ),
      );
    for (const row of rows) days.push(row);
  }

  const spendOf = new Map<string, { date: string; spendMinor: number }[]>();
  for (const day of days) {
    const list = spendOf.get(day.campaignId);
    if (list) list.push(day);
    else spendOf.set(day.campaignId, [day]);
  }
  // What was alerted already (a handful of rows per account): only changes touch the table.
  const alerted = new Map(
    (
      await db
        .select({ flightId: pacingAlerts.flightId, status: pacingAlerts.status })
        .from(pacingAlerts)
        .where(eq(pacingAlerts.accountId, accountId))
    ).map((row) => [row.flightId, row.status]),
  );

  let recipients: string[] | null = null;
  for (const flight of flights) {
    const pacing = computePacing({
      amountMinor: flight.amountMinor,
      periodStart: flight.startDate,
      periodEnd: flight.endDate,
      today,
      dailySpend: spendOf.get(flight.campaignId) ?? [],
      bookedMinor: flight.amountMinor,
      thresholds,
    });
    const { status } = pacing;
    const before = alerted.get(flight.id);
    if (status === 'on_track') {
      if (before === undefined) continue;
      const gone = await db.delete(pacingAlerts).where(eq(pacingAlerts.flightId, flight.id)).returning();
      result.cleared += gone.length;
      continue;
    }
    if (!isOffPace(status)) continue;
    const figures = { asOf: today, spentMinor: pacing.spentMinor, plannedMinor: pacing.idealToDateMinor };
    if (before === status) {
      // Still off pace the same way: its figures kept current for the digest, no new alert.
      await db.update(pacingAlerts).set(figures).where(eq(pacingAlerts.flightId, flight.id));
      continue;
    }
    const sent = await db.transaction(async (tx) => {
      // A row back: the flight was not off pace this way before (new, or turned from under to over). The
      // condition makes two racing checks alert once.
      const [row] = await tx
        .insert(pacingAlerts)
        .values({ flightId: flight.id, accountId, campaignId: flight.campaignId, status, ...figures })
        .onConflictDoUpdate({
          target: pacingAlerts.flightId,
          set: { status, ...figures, alertedAt: sql`now()` },
          setWhere: sql`${pacingAlerts.status} <> excluded.status`,
        })
        .returning({ flightId: pacingAlerts.flightId });
      if (!row) return false;
      recipients ??= await recipientsOf(tx, accountId, PLANNERS);
      await notify(tx, {
        userIds: recipients,
        organizationId: flight.organizationId,
        accountId,
        kind: 'budget_off_pace',
        ...offPaceNotice({
          campaignName: flight.campaignName,
          platformKey,
          currency: flight.currency,
          startDate: flight.startDate,
          endDate: flight.endDate,
          status,
          spentMinor: pacing.spentMinor,
          plannedMinor: pacing.idealToDateMinor,
          thresholds,
        }),
        link: `/campaigns/${flight.campaignId}`,
      });
      return true;
    });
    if (sent) result.alerted += 1;
  }
  return result;
}
