import type { SqlExecutor } from '../db/transaction';

/**
 * The campaign jobs as the campaign routes and stores see them: the port they enqueue through. The job
 * system (server/jobs/queue.ts, `CampaignJobs`) implements it, a layer above.
 */
/** `update`: an applied change on its way to the platforms that run the campaign (issue 28). */
export type CampaignJobKind = 'launch' | 'delete' | 'pause' | 'resume' | 'update';
export interface CampaignJobData {
  kind: CampaignJobKind;
  campaignId: string;
  /** A pause or resume of one platform's placement (the campaign page's row); absent = every platform. */
  platformKey?: string;
}

/** What the HTTP routes need from the job system. */
export interface CampaignJobSender {
  /** pg-boss's schema and queues exist (created on first use). Call before opening a transaction. */
  ready(): Promise<void>;
  /** Adds a job; with `executor`, inside the caller's transaction (it commits with the status change). */
  enqueue(
    kind: CampaignJobKind,
    campaignId: string,
    options?: { executor?: SqlExecutor; startAfter?: Date; platformKey?: string },
  ): Promise<void>;
  /** After the enqueuing transaction committed: this process's idle workers fetch at once. */
  wake(kind: CampaignJobKind): void;
}
