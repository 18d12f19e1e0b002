import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is making the changes of the work running now (issue 27, docs/activity.md): the signed-in user of the
 * request, for the change log's triggers. `connect()` hands it to PostgreSQL (`app.actor_id`) before every
 * statement that writes; outside `withActor` (jobs, syncs, the seed) there is none, and the log says
 * "Flightplan".
 */
const actors = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it awaits) as the user `userId`. */
export function withActor<T>(userId: string, work: () => T): T {
  return actors.run(userId, work);
}

/** The user whose request runs now; undefined outside one. */
export function currentActor(): string | undefined {
  return actors.getStore();
}

/** A statement that may write a logged row (the change log's triggers read `app.actor_id`). */
export const WRITES = /\b(insert|update|delete)\b/i;
