import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/connect';
import { platformConnections } from '../db/schema';
import type { SecretBox } from '../db/secretBox';
import { type CampaignJobSender, CampaignJobs, PGBOSS_SCHEMA } from '../jobs/queue';
import { sendPacingDigests } from '../pacing/digest';
import type { ConnectorRegistry } from '../platforms/connector';
import { type SyncResult, syncConnection } from './sync';

/**
 * The delivery sync as durable pg-boss jobs, on the campaign jobs' pg-boss (same schema and pool):
 * - a cron job (`delivery-sync-all`, every 15 minutes, kept by the supervising instance) enqueues one
 *   `delivery-sync` job per connected account × platform;
 * - that queue is `stately` with the connection as singleton key: at most one sync of a connection queued
 *   and one running, whoever asked (the cron, "Sync now", a retry);
 * - a sync the platform rate-limits enqueues its follow-up with `startAfter` = its Retry-After; one that
 *   throws (the worker stopped, an outage, the database away) is retried by pg-boss, and a worker killed
 *   outright leaves its job active until `expireInSeconds`, after which pg-boss retries it.
 */

export const SYNC_QUEUES = {
  all: 'delivery-sync-all',
  connection: 'delivery-sync',
  /** The daily pacing digest e-mail (issue 28): once a day, after the night's syncs. */
  digest: 'pacing-digest',
} as const;

export interface DeliverySyncSettings {
  /** pg-boss cron of the full sync; null: none (tests enqueue themselves). */
  cron: string | null;
  /** pg-boss cron of the daily pacing digest (UTC); null: none. */
  digestCron: string | null;
  concurrency: number;
  pollingIntervalSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long a sync may run before pg-boss takes it for lost and retries it. */
  expireInSeconds: number;
  batchSize?: number;
  flushRows?: number;
}

export const DEFAULT_SYNC_SETTINGS: DeliverySyncSettings = {
  cron: '*/15 * * * *',
  digestCron: '0 7 * * *',
  concurrency: 2,
  pollingIntervalSeconds: 2,
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 15 * 60,
};

export interface SyncJobData {
  accountId: string;
  platformKey: string;
}

const singletonKey = (accountId: string, platformKey: string) => `${accountId}:${platformKey}`;
const bySender = new WeakMap<PgBoss, DeliverySync>();

export class DeliverySync {
  readonly settings: DeliverySyncSettings;
  private readiness: Promise<void> | null = null;
  private readonly workerIds: string[] = [];
  private readonly controller = new AbortController();
  private context: { connectors: ConnectorRegistry; box: SecretBox } | null = null;

  constructor(
    private readonly db: Database,
    readonly boss: PgBoss,
    settings: Partial<DeliverySyncSettings> = {},
  ) {
    this.settings = { ...DEFAULT_SYNC_SETTINGS, ...settings };
  }

  /** The enqueue-only sync on the app's campaign jobs (the started ones, or `CampaignJobs.sendOnly`). */
  static sender(db: Database, jobs: CampaignJobSender): DeliverySync {
    const boss = jobs instanceof CampaignJobs ? jobs.boss : CampaignJobs.sendOnly(db).boss;
    let sync = bySender.get(boss);
    if (!sync) {
      sync = new DeliverySync(db, boss, { cron: null, digestCron: null, concurrency: 0 });
      bySender.set(boss, sync);
    }
    return sync;
  }

  /** pg-boss is started and both queues exist. `jobs.ready()` first when sharing the campaign jobs' boss. */
  ready(): Promise<void> {
    this.readiness ??= this.install().catch((error) => {
      this.readiness = null;
      throw error;
    });
    return this.readiness;
  }

  private async install() {
    await this.boss.start();
    await this.boss.createQueue(SYNC_QUEUES.all, { name: SYNC_QUEUES.all, policy: 'short', retryLimit: 1 });
    await this.boss.createQueue(SYNC_QUEUES.digest, {
      name: SYNC_QUEUES.digest,
      policy: 'short',
      retryLimit: 1,
    });
    await this.boss.createQueue(SYNC_QUEUES.connection, {
      name: SYNC_QUEUES.connection,
      policy: 'stately',
      ...this.jobOptions(),
    });
  }

  private jobOptions() {
    const { retryLimit, retryDelaySeconds, expireInSeconds } = this.settings;
    return { retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true, expireInSeconds };
  }

  /** Queues a sync of the connection; null when one is queued already (it will do). */
  async enqueue(accountId: string, platformKey: string, options: { startAfter?: Date } = {}) {
    await this.ready();
    const data: SyncJobData = { accountId, platformKey };
    return this.boss.send(SYNC_QUEUES.connection, data, {
      ...this.jobOptions(),
      singletonKey: singletonKey(accountId, platformKey),
      ...(options.startAfter && options.startAfter.getTime() > Date.now()
        ? { startAfter: options.startAfter }
        : {}),
    });
  }

  /** One sync per connected account × platform; returns how many connections were asked for. */
  async enqueueAll(): Promise<number> {
    const connections = await this.db
      .select({ accountId: platformConnections.accountId, platformKey: platformConnections.platformKey })
      .from(platformConnections)
      .where(eq(platformConnections.status, 'connected'));
    for (const { accountId, platformKey } of connections) await this.enqueue(accountId, platformKey);
    return connections.length;
  }

  /** Whether a sync of the connection is queued or running (whoever asked: the schedule, "Sync now", a retry). */
  async isPending(accountId: string, platformKey: string): Promise<boolean> {
    await this.ready();
    const { rows } = await this.db.$client.query(
      `SELECT 1 FROM ${PGBOSS_SCHEMA}.job
        WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry', 'active') LIMIT 1`,
      [SYNC_QUEUES.connection, singletonKey(accountId, platformKey)],
    );
    return rows.length > 0;
  }

  /** When the connection's last sync was asked for (queued or run), if ever: "Sync now" waits a minute after it. */
  async lastRequestedAt(accountId: string, platformKey: string): Promise<Date | null> {
    await this.ready();
    const { rows } = await this.db.$client.query<{ at: Date | null }>(
      `SELECT greatest(
         (SELECT max(created_on) FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2),
         (SELECT max(started_at) FROM delivery_syncs WHERE account_id = $3 AND platform_key = $4)) AS at`,
      [SYNC_QUEUES.connection, singletonKey(accountId, platformKey), accountId, platformKey],
    );
    return rows[0]?.at ?? null;
  }

  /** Starts the workers and, with `settings.cron`, the schedule (run by the supervising instance). */
  async start(context: { connectors: ConnectorRegistry; box: SecretBox }): Promise<this> {
    await this.ready();
    this.context = context;
    const options = { pollingIntervalSeconds: this.settings.pollingIntervalSeconds, batchSize: 1 };
    for (let i = 0; i < this.settings.concurrency; i++) {
      this.workerIds.push(
        await this.boss.work<SyncJobData>(SYNC_QUEUES.connection, options, ([job]) => this.run(job)),
      );
    }
    if (this.settings.concurrency > 0) {
      this.workerIds.push(await this.boss.work(SYNC_QUEUES.all, options, () => this.enqueueAll()));
      this.workerIds.push(
        await this.boss.work(SYNC_QUEUES.digest, options, () => sendPacingDigests(this.db)),
      );
    }
    if (this.settings.cron) await this.boss.schedule(SYNC_QUEUES.all, this.settings.cron);
    if (this.settings.digestCron) await this.boss.schedule(SYNC_QUEUES.digest, this.settings.digestCron);
    return this;
  }

  /** Stops fetching and aborts the syncs in flight (pg-boss runs them again). Before the boss stops. */
  async stop(): Promise<void> {
    for (const id of this.workerIds.splice(0)) await this.boss.offWork({ id });
    this.controller.abort(new Error('The delivery sync worker is stopping'));
  }

  private async run(job: PgBoss.Job<SyncJobData> | undefined): Promise<SyncResult | undefined> {
    if (!job || !this.context) return undefined;
    const { accountId, platformKey } = job.data;
    const result = await syncConnection(
      {
        db: this.db,
        ...this.context,
        signal: this.controller.signal,
        batchSize: this.settings.batchSize,
        flushRows: this.settings.flushRows,
      },
      accountId,
      platformKey,
    );
    // Asked to wait: the follow-up starts after the platform's Retry-After, not a moment sooner.
    if (result.outcome === 'rate_limited') {
      await this.enqueue(accountId, platformKey, {
        startAfter: new Date(Date.now() + result.retryAfterSeconds * 1000),
      });
    } else if (result.outcome === 'skipped' && result.retryAfter) {
      await this.enqueue(accountId, platformKey, { startAfter: result.retryAfter });
    }
    return result;
  }
}
