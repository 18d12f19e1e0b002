/** Durable background work: launching and deleting campaigns on ad platforms (pg-boss). */

export { executorOf, inTransaction, type SqlExecutor, type TxDatabase } from '../db/transaction';
export { type PassContext, type PassResult, tryCampaignLock } from './common';
export { deletePass } from './delete';
export { launchPass } from './launch';
export {
  type CampaignJobData,
  type CampaignJobKind,
  type CampaignJobSender,
  CampaignJobs,
  PGBOSS_SCHEMA,
  QUEUES,
} from './queue';
export { DEFAULT_JOBS_SETTINGS, type JobsSettings, readJobsSettings } from './settings';
