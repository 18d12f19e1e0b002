import type { ImportSource } from '@contract/exchange';
import { sql } from 'drizzle-orm';
import type { ScopeContext } from '../data/define';
import type { TxDatabase } from '../db/transaction';

/**
 * An import's provenance in the change log (issue 27, docs/activity.md): the new draft's row says where it
 * came from — the file, the document's id and name, its author and the state the other tool had it in, and
 * the Flightplan revision it was — beside the draft's own "Created" entry. Written inside the import's
 * transaction (server/exchange's `recordImport` port), by the same user the triggers name (`app.actor_id`,
 * set on the connection before a write), so the draft and where it came from commit together or not at all.
 */

/** What the entry's `after` holds (the field `imported_from` of the campaign). */
export interface ImportedFrom {
  /** The file the planner chose, as the browser named it; null when the caller did not say. */
  file: string | null;
  id: string;
  name: string | null;
  createdByName: string;
  workflowStatus: string | null;
  /** A Flightplan export's revision number, else null. */
  revision: number | null;
}

export const IMPORTED_FROM_FIELD = 'imported_from';

export function importedFromOf(source: ImportSource, file: string | null): ImportedFrom {
  return {
    file,
    id: source.id,
    name: source.name,
    createdByName: source.createdByName,
    workflowStatus: source.workflowStatus,
    revision: source.revision?.number ?? null,
  };
}

/** Writes the entry for the draft `campaignId` just imported (in `tx`, the import's transaction). */
export async function recordImportInLog(
  tx: TxDatabase,
  entry: { scope: ScopeContext; campaignId: string; source: ImportSource; fileName?: string | null },
): Promise<void> {
  const after = JSON.stringify(importedFromOf(entry.source, entry.fileName ?? null));
  await tx.execute(sql`
    INSERT INTO change_log (actor_user_id, organization_id, account_id, campaign_id, entity, entity_id, op, field,
                            before, after, revision)
    SELECT NULLIF(current_setting('app.actor_id', true), '')::uuid, c.organization_id, c.account_id, c.id,
           'campaign', c.id::text, 'create', ${IMPORTED_FROM_FIELD}, NULL, ${after}::jsonb,
           (SELECT COALESCE(max(r.number), 0) + 1 FROM plan_revisions r WHERE r.campaign_id = c.id)
    FROM campaigns c
    WHERE c.id = ${entry.campaignId}::uuid`);
}

/**
 * How the Activity tab reads it: "“q2-plan.json” — Spring plan (MediaPlan abc-123, revision 2) by Jane Doe,
 * Approved"; without a file name, the document alone.
 */
export function importedFromText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const from = value as Partial<ImportedFrom>;
  const id = from.id ? `MediaPlan ${from.id}${from.revision ? `, revision ${from.revision}` : ''}` : null;
  const document = [from.name || null, id ? (from.name ? `(${id})` : id) : null].filter(Boolean).join(' ');
  const author = from.createdByName ? ` by ${from.createdByName}` : '';
  const state = from.workflowStatus ? `, ${from.workflowStatus}` : '';
  const file = from.file ? `“${from.file}”` : '';
  const described = `${document}${author}${state}`;
  return file && described ? `${file} — ${described}` : file || described;
}
