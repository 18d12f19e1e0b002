/**
 * The rollups of a bulk delivery load, computed while the rows are generated instead of by aggregating the
 * 25 million copied rows again afterwards (rebuildRollups, three GROUP BYs over the whole account, was half
 * of the seed's time). The figures are the ones rebuildRollups computes — a test compares the two — in the
 * tables' COPY text format: the daily rollup by currency, customer and platform; each campaign's span; and
 * each campaign's dense running totals.
 */
import { DELIVERY_COUNTS, type DeliveryCounts } from '@contract/delivery';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const METRICS = DELIVERY_COUNTS.length;
// COPY's text format spells SQL NULL as \N.
const NULL = '\\N';

export interface BulkCampaign {
  id: string;
  currency: string;
  customerId: string | null;
}

export interface BulkDeliveryRow {
  platformKey: string;
  date: string;
  counts: DeliveryCounts;
}

export class BulkDeliveryRollups {
  private readonly daily = new Map<string, number[]>();
  private readonly spans: string[] = [];

  constructor(private readonly accountId: string) {}

  /**
   * Adds one campaign's rows (all its platforms) and answers its running totals as COPY lines for
   * delivery_campaign_cumulative, dense from its first to its last delivered day.
   */
  addCampaign(campaign: BulkCampaign, rows: readonly BulkDeliveryRow[]): string[] {
    if (rows.length === 0) return [];
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    const days = rows.map((row) => dayNumber(row.date));
    for (const day of days) {
      if (day < first) first = day;
      if (day > last) last = day;
    }
    const perDay = new Float64Array((last - first + 1) * METRICS);
    rows.forEach((row, i) => {
      const offset = (days[i]! - first) * METRICS;
      const key = `${campaign.currency}\t${row.date}\t${row.platformKey}\t${campaign.customerId ?? NULL}`;
      let sums = this.daily.get(key);
      if (!sums) {
        sums = new Array<number>(METRICS).fill(0);
        this.daily.set(key, sums);
      }
      DELIVERY_COUNTS.forEach((metric, m) => {
        perDay[offset + m]! += row.counts[metric];
        sums[m]! += row.counts[metric];
      });
    });
    const running = new Array<number>(METRICS).fill(0);
    const lines: string[] = [];
    for (let day = first; day <= last; day += 1) {
      const offset = (day - first) * METRICS;
      for (let m = 0; m < METRICS; m += 1) running[m]! += perDay[offset + m]!;
      lines.push(`${campaign.id}\t${dayString(day)}\t${this.accountId}\t${running.join('\t')}\n`);
    }
    this.spans.push(
      `${campaign.id}\t${this.accountId}\t${dayString(first)}\t${dayString(last)}\t${campaign.currency}\t${running.join('\t')}\n`,
    );
    return lines;
  }

  /** COPY lines for delivery_campaign_spans (campaign_id, account_id, first_date, last_date, currency, counts). */
  spanLines(): string[] {
    return this.spans;
  }

  /**
   * COPY lines for delivery_rollup_daily (account_id, currency, date, platform_key, customer_id, counts), in
   * date order within each currency, the order rebuildRollups writes them in (a range reads few pages).
   */
  dailyLines(): string[] {
    return [...this.daily.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, sums]) => `${this.accountId}\t${key}\t${sums.join('\t')}\n`);
  }
}
