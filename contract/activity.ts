import * as v from 'valibot';

/**
 * The change log (issue 27, docs/activity.md): who changed what, when, from which value to which, and the
 * plan revision the change went into. Written by the database (migration 0026_change_log), read by
 * `GET /api/activity` (a page, newest first, `x-total-count` like the lists) and `GET /api/activity.csv`.
 */

/** The entities the log records, as the API names them (`entity=` filter). */
export const ACTIVITY_ENTITIES = [
  'campaign',
  'placement',
  'allocation',
  'audience',
  'flight',
  'ad',
  'customer',
  'budget',
  'booking',
  'member',
  'memberAccount',
  'connection',
] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

/** How people name each entity (the filter's options; a row's `entityLabel` adds its platform or person). */
export const ACTIVITY_ENTITY_LABELS: Record<ActivityEntity, string> = {
  campaign: 'Campaign',
  placement: 'Launch on a platform',
  allocation: 'Budget split',
  audience: 'Audience',
  flight: 'Flight',
  ad: 'Ad',
  customer: 'Customer',
  budget: 'Budget',
  booking: 'Booking',
  member: 'Member',
  memberAccount: 'Member’s account access',
  connection: 'Platform connection',
};

/** The entities of the organization rather than of one account: shown only to who may manage members. */
export const ORGANIZATION_ENTITIES: readonly ActivityEntity[] = ['member', 'memberAccount'];

export const ACTIVITY_OPS = ['create', 'update', 'delete'] as const;
export type ActivityOp = (typeof ACTIVITY_OPS)[number];

/** `GET /api/activity?_end=` default page size (at most MAX_PAGE_SIZE of contract/resources.ts). */
export const ACTIVITY_PAGE_SIZE = 25;

/** The filters of `GET /api/activity` and `/api/activity.csv` (dates 'YYYY-MM-DD', `to` inclusive, UTC). */
export interface ActivityFilters {
  campaignId?: string;
  actorId?: string;
  entity?: ActivityEntity;
  from?: string;
  to?: string;
}

export const ActivityActorSchema = v.object({
  id: v.string(),
  email: v.string(),
  name: v.string(),
});
export type ActivityActor = v.InferOutput<typeof ActivityActorSchema>;

export const ActivityEntrySchema = v.object({
  id: v.string(),
  /** ISO date-time. */
  at: v.string(),
  /** Null: Flightplan itself (a job, a sync). */
  actor: v.nullable(ActivityActorSchema),
  entity: v.picklist(ACTIVITY_ENTITIES),
  entityId: v.string(),
  /** "Campaign", "Flight on Meta", "Member Jane Doe". */
  entityLabel: v.string(),
  op: v.picklist(ACTIVITY_OPS),
  /** The field (camelCase, as the API names it); null for a created or deleted row. */
  field: v.nullable(v.string()),
  /** "Budget", "Customer"; "Created" / "Deleted" for a whole row. */
  fieldLabel: v.string(),
  before: v.unknown(),
  after: v.unknown(),
  /** The values as people read them: names, money with its currency, dates. */
  beforeText: v.string(),
  afterText: v.string(),
  campaignId: v.nullable(v.string()),
  campaignName: v.nullable(v.string()),
  /** The plan revision the change went into (plan rows only). */
  revision: v.nullable(v.number()),
});
export type ActivityEntry = v.InferOutput<typeof ActivityEntrySchema>;

export const ActivityPageSchema = v.array(ActivityEntrySchema);

/** GET /api/activity/actors: who appears in the log the caller may read, by name. */
export const ActivityActorsSchema = v.array(ActivityActorSchema);

/** The query string of `GET /api/activity` / `.csv` for these filters ('' values left out). */
export function activityQuery(
  filters: ActivityFilters,
  page?: { start: number; end: number },
): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ['campaignId', 'actorId', 'entity', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  if (page) {
    query.set('_start', String(page.start));
    query.set('_end', String(page.end));
  }
  return query;
}
