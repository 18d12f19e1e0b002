import type { CampaignLifecycleEvent } from '@machines/campaignLifecycle';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { settleCampaign } from '../campaignRules/lifecycle';
import type { CampaignJobData, CampaignJobKind, CampaignJobSender } from '../campaigns/jobSender';
import { loadPlatformRows } from '../campaigns/platformRows';
import type { ConnectionAccess } from '../connections/access';
import type { Database } from '../db/connect';
import { campaignFlights, campaignPlatforms, campaigns } from '../db/schema';
import { executorOf, inTransaction, type SqlExecutor } from '../db/transaction';
import { noticeOfPlatformFailure } from '../notifications/systemNotices';
import { RUNNING_PLACEMENTS } from '../planning/live';

export type { CampaignJobData, CampaignJobKind, CampaignJobSender };

import { completeEndedBookings } from '../campaignRules/bookings';
import type { ConnectorRegistry } from '../platforms/connector';
import {
  isBeforeStart,
  movePlacement,
  type PassContext,
  type PassResult,
  startScheduledPlacements,
  todayUtc,
  tryCampaignLock,
  updatePlatformRow,
} from './common';
import { deletePass } from './delete';
import { launchPass } from './launch';
import { DEFAULT_JOBS_SETTINGS, type JobsSettings } from './settings';
import { toggleOutcome, togglePass } from './toggle';
import { updatePass } from './update';

/** pg-boss keeps its tables in this schema of the app's database. */
export const PGBOSS_SCHEMA = 'pgboss';

export const QUEUES = {
  launch: 'campaign-launch',
  delete: 'campaign-delete',
  pause: 'campaign-pause',
  resume: 'campaign-resume',
  /** A change applied to a live campaign, on its way to the platforms (issue 28). */
  update: 'campaign-update',
  /** Dead letters: jobs that failed `retryLimit` times. Their campaign is set `failed`. */
  failed: 'campaign-job-failed',
} as const;

const JOB_KINDS: readonly CampaignJobKind[] = ['launch', 'delete', 'pause', 'resume', 'update'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STOPPED_MESSAGES: Record<CampaignJobKind, string> = {
  launch: 'Launching stopped after repeated errors. Launch the campaign again to retry.',
  delete: 'Deleting stopped after repeated errors. Delete the campaign again to retry.',
  pause: 'Pausing stopped after repeated errors. Pause the campaign again to retry.',
  resume: 'Resuming stopped after repeated errors. Resume the campaign again to retry.',
  update: 'Applying the change stopped after repeated errors. Apply it again to retry.',
};

/** Which placements a job that kept failing was still waiting for. */
const STOPPED_WAITING: Record<Exclude<CampaignJobKind, 'update'>, readonly string[]> = {
  launch: ['pending'],
  delete: ['deleting'],
  pause: ['active', 'scheduled'],
  resume: ['paused'],
};

/** What a job that kept failing tells the lifecycle chart (a pause or resume: what it left behind). */
async function stoppedEvent(
  db: Database,
  kind: Exclude<CampaignJobKind, 'update'>,
  campaignId: string,
): Promise<CampaignLifecycleEvent> {
  if (kind === 'launch') return { type: 'launch.failed' };
  if (kind === 'delete') return { type: 'delete.failed' };
  const rows = await loadPlatformRows(db, campaignId);
  return toggleOutcome(kind, false, rows, await isBeforeStart(db, campaignId));
}

const sendOnly = new WeakMap<Database, CampaignJobs>();

/**
 * The durable campaign jobs: pg-boss in the app's own PostgreSQL (schema `pgboss`), running over the
 * app's connection pool. `start(connectors)` adds workers; without it the instance only enqueues.
 *
 * A job is one pass over the campaign's platforms (server/jobs/launch.ts, delete.ts). A pass that must
 * wait longer than `inlineWaitMs` (a long retry-after, a review in progress) enqueues its follow-up with
 * `startAfter` and completes; a pass that throws (the worker stopped, the database was away) is retried
 * by pg-boss. Passes of one campaign never overlap (an advisory lock), and each step is idempotent.
 */
export class CampaignJobs implements CampaignJobSender {
  readonly boss: PgBoss;
  readonly settings: JobsSettings;
  private readiness: Promise<void> | null = null;
  private connectors: ConnectorRegistry | null = null;
  private connections: ConnectionAccess | null = null;
  private readonly workerIds: Record<keyof typeof QUEUES, string[]> = {
    launch: [],
    delete: [],
    pause: [],
    resume: [],
    update: [],
    failed: [],
  };
  private readonly controller = new AbortController();
  private stopped = false;
  private sweeper: NodeJS.Timeout | null = null;
  /** Jobs this process is running: id → queue. */
  private readonly inFlight = new Map<string, string>();
  /** The last jobs this process ran (pg-boss records their outcome without awaiting it): id → queue. */
  private readonly handled = new Map<string, string>();
  /** Passes this process has started since it started (health pages, and the test that jobs spread). */
  passesRun = 0;

  constructor(
    private readonly db: Database,
    settings: Partial<JobsSettings> = {},
  ) {
    this.settings = { ...DEFAULT_JOBS_SETTINGS, ...settings };
    this.boss = new PgBoss({
      db: executorOf(db.$client),
      schema: PGBOSS_SCHEMA,
      migrate: true,
      // Cron schedules (the delivery sync, token refresh) are kept by the supervising instance only.
      schedule: this.settings.supervise,
      supervise: this.settings.supervise,
    });
    this.boss.on('error', (error) => console.error('campaign jobs:', error.message));
  }

  /**
   * The enqueue-only instance `createApp` uses when it is given no jobs (tests of the HTTP API): one per
   * database, no workers, no timers.
   */
  static sendOnly(db: Database): CampaignJobs {
    let jobs = sendOnly.get(db);
    if (!jobs) {
      jobs = new CampaignJobs(db, { supervise: false, concurrency: 0 });
      sendOnly.set(db, jobs);
    }
    return jobs;
  }

  ready(): Promise<void> {
    this.readiness ??= this.install().catch((error) => {
      this.readiness = null;
      throw error;
    });
    return this.readiness;
  }

  private async install() {
    await this.boss.start();
    await this.boss.createQueue(QUEUES.failed, { name: QUEUES.failed, retryLimit: 3, retryDelay: 5 });
    for (const kind of JOB_KINDS) {
      await this.boss.createQueue(QUEUES[kind], {
        name: QUEUES[kind],
        ...this.jobOptions(),
        deadLetter: QUEUES.failed,
      });
    }
  }

  /** Per job, so the sender's settings apply even to a queue created with other ones. */
  private jobOptions() {
    const { retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds } = this.settings;
    return { retryLimit, retryDelay: retryDelaySeconds, retryBackoff, expireInSeconds };
  }

  async enqueue(
    kind: CampaignJobKind,
    campaignId: string,
    options: { executor?: SqlExecutor; startAfter?: Date; platformKey?: string } = {},
  ): Promise<void> {
    await this.ready();
    const data: CampaignJobData = {
      kind,
      campaignId,
      ...(options.platformKey ? { platformKey: options.platformKey } : {}),
    };
    await this.boss.send(QUEUES[kind], data, {
      ...this.jobOptions(),
      deadLetter: QUEUES.failed,
      ...(options.startAfter && options.startAfter.getTime() > Date.now()
        ? { startAfter: options.startAfter }
        : {}),
      ...(options.executor ? { db: options.executor } : {}),
    });
  }

  wake(kind: CampaignJobKind): void {
    for (const id of this.workerIds[kind]) this.boss.notifyWorker(id);
  }

  /**
   * Installs pg-boss if needed and starts `settings.concurrency` workers per queue; platform calls carry the
   * account's credentials from `connections`.
   */
  async start(connectors: ConnectorRegistry, connections: ConnectionAccess): Promise<this> {
    await this.ready();
    this.connectors = connectors;
    this.connections = connections;
    if (this.settings.concurrency <= 0) return this;
    const options = { pollingIntervalSeconds: this.settings.pollingIntervalSeconds, batchSize: 1 };
    for (let i = 0; i < this.settings.concurrency; i++) {
      for (const kind of JOB_KINDS) {
        this.workerIds[kind].push(
          await this.boss.work<CampaignJobData>(QUEUES[kind], options, ([job]) => this.runPass(kind, job)),
        );
      }
    }
    this.workerIds.failed.push(
      await this.boss.work<CampaignJobData>(QUEUES.failed, options, ([job]) => this.markStopped(job)),
    );
    await this.sweepOrphans();
    await this.completeEnded();
    if (this.settings.orphanSweepMs > 0) {
      this.sweeper = setInterval(() => {
        void this.sweepOrphans();
        void this.completeEnded();
      }, this.settings.orphanSweepMs);
      this.sweeper.unref();
    }
    return this;
  }

  /**
   * The schedule, run by the sweep: scheduled campaigns whose first flight has started become active
   * (`startScheduled`), then campaigns whose last flight has ended complete (`schedule.ended` through the
   * lifecycle chart): scheduled, running or paused ones; one busy with a job completes on a later sweep,
   * once the job has settled it. A campaign planned before flights existed ends with its end date.
   * Returns how many completed.
   */
  async completeEnded(today = todayUtc()): Promise<number> {
    let completed = 0;
    await this.startScheduled(today);
    try {
      const lastFlightEnd = sql`coalesce((SELECT max(${campaignFlights.endDate}) FROM ${campaignFlights}
        WHERE ${campaignFlights.campaignId} = ${campaigns.id}), ${campaigns.endDate})`;
      const ended = await this.db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(
          and(inArray(campaigns.status, ['scheduled', 'active', 'paused']), sql`${lastFlightEnd} < ${today}`),
        );
      for (const { id } of ended) {
        if ((await settleCampaign(this.db, id, { type: 'schedule.ended' })) === 'completed') completed += 1;
      }
      // Bookings whose flight has run are done, whether or not their campaign has ended.
      await completeEndedBookings(this.db, today);
    } catch (error) {
      console.error('campaign jobs: completing ended campaigns failed:', (error as Error).message);
    }
    return completed;
  }

  /**
   * Scheduled campaigns whose first flight starts on or before `today` become active, with their placements
   * still waiting for the start (`schedule.started` through both lifecycle charts, in one transaction; a
   * placement paused on its own stays paused). Returns how many started.
   */
  async startScheduled(today = todayUtc()): Promise<number> {
    let started = 0;
    try {
      const firstFlightStart = sql`coalesce((SELECT min(${campaignFlights.startDate}) FROM ${campaignFlights}
        WHERE ${campaignFlights.campaignId} = ${campaigns.id}), ${campaigns.startDate})`;
      const due = await this.db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.status, 'scheduled'), sql`${firstFlightStart} <= ${today}`));
      for (const { id } of due) {
        const next = await settleCampaign(this.db, id, { type: 'schedule.started' }, (tx) =>
          startScheduledPlacements(tx, id),
        );
        if (next === 'active') started += 1;
      }
    } catch (error) {
      console.error('campaign jobs: starting scheduled campaigns failed:', (error as Error).message);
    }
    return started;
  }

  /**
   * A pass holds its campaign's advisory lock from start to end, and the lock dies with the connection.
   * So a job `active` for a while whose lock is free lost its worker (a crash, SIGKILL, the database
   * restarted): it is failed, and pg-boss retries it now rather than after `expireInSeconds`.
   */
  async sweepOrphans(): Promise<number> {
    let recovered = 0;
    try {
      const { rows } = await this.db.$client.query<{ id: string; name: string; campaign_id: string }>(
        `SELECT id, name, data->>'campaignId' AS campaign_id FROM ${PGBOSS_SCHEMA}.job
         WHERE name = ANY($1::text[]) AND state = 'active' AND started_on < now() - make_interval(secs => $2)`,
        [JOB_KINDS.map((kind) => QUEUES[kind]), this.settings.orphanAfterSeconds],
      );
      for (const row of rows) {
        if (this.inFlight.has(row.id) || !UUID.test(row.campaign_id ?? '')) continue;
        const lock = await tryCampaignLock(this.db, row.campaign_id);
        if (!lock) continue; // a live pass holds it
        try {
          const { affected } = (await this.boss.fail(row.name, row.id, {
            message: 'The worker running this job stopped',
          })) as unknown as { affected: number };
          recovered += affected;
        } finally {
          await lock.release();
        }
      }
    } catch (error) {
      console.error('campaign jobs: orphan sweep failed:', (error as Error).message);
    }
    return recovered;
  }

  /**
   * Stops fetching, aborts the passes in flight (their platform calls end at once; pg-boss retries those
   * jobs, and the steps they finished are not repeated), then stops pg-boss. The pool stays open.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    try {
      for (const ids of Object.values(this.workerIds)) {
        for (const id of ids) await this.boss.offWork({ id });
      }
      this.controller.abort(new Error('The job worker is stopping'));
      await this.boss.stop({ graceful: true, timeout: 15_000, wait: true });
      await this.settle();
    } catch (error) {
      // The database may be gone already; unfinished jobs are recovered by the next start's orphan sweep.
      console.error('campaign jobs: stop:', (error as Error).message);
    }
  }

  /**
   * pg-boss records a handler's outcome without awaiting it: wait until the jobs this process ran have
   * left `active` (an interrupted one is then retried at once by the next worker), and fail any that
   * did not.
   */
  private async settle() {
    const jobs = this.handled;
    const until = Date.now() + 3000;
    let active: string[] = [...jobs.keys()];
    while (active.length > 0 && Date.now() < until) {
      const { rows } = await this.db.$client.query<{ id: string }>(
        `SELECT id FROM ${PGBOSS_SCHEMA}.job WHERE id = ANY($1::uuid[]) AND state = 'active'`,
        [active],
      );
      active = rows.map((row) => row.id);
      if (active.length > 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    for (const id of active) {
      await this.boss.fail(jobs.get(id)!, id, { message: 'The job worker stopped' });
    }
  }

  private async runPass(kind: CampaignJobKind, job: PgBoss.Job<CampaignJobData> | undefined) {
    if (!job) return;
    this.inFlight.set(job.id, QUEUES[kind]);
    this.passesRun += 1;
    this.handled.set(job.id, QUEUES[kind]);
    if (this.handled.size > 100) this.handled.delete(this.handled.keys().next().value!);
    try {
      return await this.pass(kind, job);
    } finally {
      this.inFlight.delete(job.id);
    }
  }

  private async pass(kind: CampaignJobKind, job: PgBoss.Job<CampaignJobData>) {
    const campaignId = job.data?.campaignId;
    if (typeof campaignId !== 'string' || !UUID.test(campaignId)) return { skipped: 'no campaign id' };
    const platformKey = typeof job.data?.platformKey === 'string' ? job.data.platformKey : undefined;
    const lock = await tryCampaignLock(this.db, campaignId);
    if (!lock) {
      // Another pass holds this campaign (a launch finishing its step before a delete, say).
      await this.enqueue(kind, campaignId, {
        startAfter: new Date(Date.now() + this.settings.lockRetryMs),
        platformKey,
      });
      return { busy: true };
    }
    try {
      const ctx: PassContext = {
        db: this.db,
        connectors: this.connectors!,
        connections: this.connections!,
        settings: this.settings,
        signal: this.controller.signal,
      };
      const result: PassResult =
        kind === 'launch'
          ? await launchPass(ctx, campaignId)
          : kind === 'delete'
            ? await deletePass(ctx, campaignId)
            : kind === 'update'
              ? await updatePass(ctx, campaignId)
              : await togglePass(ctx, campaignId, kind, platformKey);
      if (!result.done) await this.enqueue(kind, campaignId, { startAfter: result.nextRunAt, platformKey });
      return result;
    } finally {
      await lock.release();
    }
  }

  /**
   * A job that kept failing: the campaign leaves launching/deleting/pausing/resuming through the chart,
   * with the reason on the placements that were still waiting.
   */
  private async markStopped(job: PgBoss.Job<CampaignJobData> | undefined) {
    const { kind, campaignId, platformKey } = job?.data ?? {};
    if (!kind || !JOB_KINDS.includes(kind) || typeof campaignId !== 'string' || !UUID.test(campaignId))
      return;
    if (kind === 'update') return this.markUpdateStopped(campaignId);
    const waiting = STOPPED_WAITING[kind];
    const changes = { lastError: STOPPED_MESSAGES[kind], nextAttemptAt: null };
    const event = await stoppedEvent(this.db, kind, campaignId);
    // The campaign's move and its waiting placements' reason commit together.
    await settleCampaign(this.db, campaignId, event, async (tx) => {
      const stopped: { platformKey: string; lastError: string | null }[] = [];
      for (const row of await loadPlatformRows(tx, campaignId)) {
        if (!waiting.includes(row.status)) continue;
        // A job for one platform stopped: only that platform was waiting.
        if (platformKey && row.platformKey !== platformKey) continue;
        stopped.push({ platformKey: row.platformKey, lastError: changes.lastError });
        // Launch and delete give the waiting placements up; a pause or resume leaves them where they are.
        if (kind === 'launch' || kind === 'delete') {
          await movePlacement(tx, row, { type: 'platform.failed' }, changes);
        } else {
          await updatePlatformRow(tx, row, changes);
        }
      }
      const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
      if (campaign) await noticeOfPlatformFailure(tx, campaign, stopped, kind);
    });
  }

  /** An update that kept failing: the placements still owed it keep what they run, with the reason. */
  private async markUpdateStopped(campaignId: string) {
    await inTransaction(this.db, async (tx) => {
      const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
      if (!campaign?.liveHash) return;
      const stopped = await tx
        .update(campaignPlatforms)
        .set({ updateError: STOPPED_MESSAGES.update, updateNextAt: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(campaignPlatforms.campaignId, campaignId),
            inArray(campaignPlatforms.status, [...RUNNING_PLACEMENTS]),
            isNull(campaignPlatforms.updateError),
            sql`${campaignPlatforms.appliedHash} IS DISTINCT FROM ${campaign.liveHash}`,
          ),
        )
        .returning({ platformKey: campaignPlatforms.platformKey, lastError: campaignPlatforms.updateError });
      await noticeOfPlatformFailure(tx, campaign, stopped, 'update');
    });
  }
}
