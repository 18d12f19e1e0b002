import type { Database } from '../db/connect';
import { clientErrors } from '../db/schema';

export type NewClientError = typeof clientErrors.$inferInsert;

/** Keeps one of the browser's error reports. */
export async function insertClientError(db: Database, row: NewClientError): Promise<void> {
  await db.insert(clientErrors).values(row);
}
