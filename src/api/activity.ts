import {
  type ActivityActor,
  ActivityActorsSchema,
  type ActivityEntry,
  type ActivityFilters,
  ActivityPageSchema,
  activityQuery,
} from '@contract/activity';
import { TOTAL_COUNT_HEADER } from '@contract/resources';
import { parseResponse, ResponseShapeError, readJson, requestJson, send } from './http';

/** `GET /api/activity`: one page of the change log, newest first, and how many entries match. */
export async function loadActivityPage(
  filters: ActivityFilters,
  page: { start: number; end: number },
  signal?: AbortSignal,
): Promise<{ data: ActivityEntry[]; total: number }> {
  const response = await send('api/activity', { searchParams: activityQuery(filters, page), signal });
  const what = 'GET /api/activity';
  const data = parseResponse(ActivityPageSchema, await readJson(response, what), what);
  const header = response.headers.get(TOTAL_COUNT_HEADER);
  const total = header === null ? data.length : Number(header);
  if (!Number.isInteger(total) || total < 0)
    throw new ResponseShapeError(`Unexpected response from ${what}: ${TOTAL_COUNT_HEADER} is "${header}".`);
  return { data, total };
}

/** `GET /api/activity/actors`: who appears in the log (the "who" filter's options). */
export function loadActivityActors(signal?: AbortSignal): Promise<ActivityActor[]> {
  return requestJson('GET', 'api/activity/actors', ActivityActorsSchema, { signal });
}

/** The CSV export's address for these filters (a plain link: the browser downloads it with the session cookie). */
export function activityCsvHref(filters: ActivityFilters): string {
  const query = activityQuery(filters).toString();
  return `/api/activity.csv${query ? `?${query}` : ''}`;
}
