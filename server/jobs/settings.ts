/** How the campaign jobs run. Production values are the defaults; tests shrink the delays. */
export interface JobsSettings {
  /** pg-boss polling interval of each worker (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds: number;
  /** Workers per queue in this process; 0 runs none (the process only enqueues). */
  concurrency: number;
  /** pg-boss retries of a job that threw (a bug, the database away, the worker stopped mid-call). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A pass running longer than this is presumed dead (its worker crashed) and retried by maintenance. */
  expireInSeconds: number;
  /** pg-boss maintenance (expiring jobs of crashed workers, archiving). Off in tests. */
  supervise: boolean;
  /** How often a platform that is reviewing the campaign is asked for its status. */
  statusPollMs: number;
  /** A wait shorter than this (retry-after, next status check) happens inside the job instead of a new job. */
  inlineWaitMs: number;
  /** A pass stops waiting inline after this long and continues as a new job. */
  maxPassMs: number;
  /** Requests per platform and operation before a rate limit or outage becomes a failure. */
  maxAttempts: number;
  /** Exponential backoff after an outage: base × 2^(attempt − 1), at most max. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** When another pass holds the campaign, try again after this long. */
  lockRetryMs: number;
  /**
   * How often to look for jobs of crashed workers: `active` for longer than `orphanAfterSeconds` while
   * nobody holds their campaign's lock. They are failed, so pg-boss retries them at once (0 = never).
   */
  orphanSweepMs: number;
  orphanAfterSeconds: number;
}

export const DEFAULT_JOBS_SETTINGS: JobsSettings = {
  pollingIntervalSeconds: 2,
  concurrency: 2,
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 600,
  supervise: true,
  statusPollMs: 2000,
  inlineWaitMs: 2000,
  maxPassMs: 60_000,
  maxAttempts: 5,
  backoffBaseMs: 2000,
  backoffMaxMs: 300_000,
  lockRetryMs: 2000,
  orphanSweepMs: 15_000,
  orphanAfterSeconds: 10,
};

function positive(name: string, raw: string | undefined, fallback: number, { whole = true, min = 0 } = {}) {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (whole && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${whole ? 'a whole number' : 'a number'} ≥ ${min}, got "${raw}"`);
  }
  return value;
}

/**
 * Parses the jobs settings out of the environment `server/config.ts` reads once:
 * `JOBS_CONCURRENCY` (workers per queue, default 2; 0 = this process only enqueues),
 * `JOBS_POLL_SECONDS` (default 2, at least 0.5), `JOBS_STATUS_POLL_MS` (default 2000).
 */
export function readJobsSettings(env: NodeJS.ProcessEnv): JobsSettings {
  return {
    ...DEFAULT_JOBS_SETTINGS,
    concurrency: positive('JOBS_CONCURRENCY', env.JOBS_CONCURRENCY, DEFAULT_JOBS_SETTINGS.concurrency),
    pollingIntervalSeconds: positive(
      'JOBS_POLL_SECONDS',
      env.JOBS_POLL_SECONDS,
      DEFAULT_JOBS_SETTINGS.pollingIntervalSeconds,
      { whole: false, min: 0.5 },
    ),
    statusPollMs: positive(
      'JOBS_STATUS_POLL_MS',
      env.JOBS_STATUS_POLL_MS,
      DEFAULT_JOBS_SETTINGS.statusPollMs,
    ),
  };
}
