import { createHash } from 'node:crypto';
import { canonicalJson, type RevisionSnapshot, snapshotOf } from '@contract/planning';
import type { CampaignRow } from '../db/rows';
import type { TxDatabase } from '../db/transaction';
import { planOf } from './plan';

/**
 * A plan's snapshot and its content hash: what a revision freezes (server/revisions) and what a launch or an
 * applied change sends to the platforms (live.ts, apply.ts).
 */

/** SHA-256 (hex) of the snapshot's canonical JSON. */
export const hashOf = (snapshot: RevisionSnapshot) =>
  createHash('sha256').update(canonicalJson(snapshot)).digest('hex');

/** The plan as it is now, as a revision would freeze it, with the names of its interests (kept beside it). */
export async function draftOf(tx: TxDatabase, campaign: CampaignRow) {
  const plan = await planOf(tx, campaign);
  const snapshot = snapshotOf(plan);
  return { snapshot, hash: hashOf(snapshot), interestNames: plan.interestNames ?? {} };
}
