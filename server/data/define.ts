import type { ResourceName } from '@contract/resources';
import type { StepUpTarget } from '@contract/stepUp';
import type { PgColumn, PgTableWithColumns } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import type { Database } from '../db/connect';
import type { FieldDef } from './fields';

/**
 * Whose rows a resource holds, always taken from the session:
 * - `account`: rows of the session's current account (organization_id and account_id both match);
 * - `organization`: rows of the session's current organization;
 * - `membership`: organizations the user is a member of;
 * - `global`: read-only reference data shared by everyone.
 */
export type Scope = 'account' | 'organization' | 'membership' | 'global';

/** The caller's tenancy, resolved from the session for the resource's scope. */
export interface ScopeContext {
  userId: string;
  organizationId: string | null;
  accountId: string | null;
  /** The accounts the member may work in (null or absent: every account): the `accounts` list shows these only. */
  accountIds?: readonly string[] | null;
}

// biome-ignore lint/suspicious/noExplicitAny: drizzle's table type is generic over its whole config.
export type AnyTable = PgTableWithColumns<any>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Queryable = Database | Tx;

export interface DefaultSort {
  column: PgColumn;
  desc?: boolean;
}

type ObjectSchema = v.GenericSchema<unknown, Record<string, unknown>>;

export interface WriteConfig<Row> {
  /** POST body; its output keys are the table's (camelCase) keys. */
  create: ObjectSchema;
  /** PATCH body: every field optional, no defaults. */
  update: ObjectSchema;
  /** Fields holding ids of other resources, which must exist within the caller's scope. */
  references?: Partial<Record<string, ResourceName>>;
  /** [start, end] field pairs: end may not come before start. */
  dateRanges?: readonly (readonly [string, string])[];
  /** Replaces the plain INSERT (e.g. an organization also makes its creator a member). */
  insert?: (tx: Tx, scope: ScopeContext, values: Record<string, unknown>) => Promise<Row>;
  /** When set, DELETE answers 405 with this message. */
  noDelete?: string;
  /** Runs inside the PATCH's transaction with the locked row and the parsed changes; throws to refuse. */
  beforeUpdate?: (tx: Tx, row: Row, changes: Record<string, unknown>) => Promise<void>;
  /** Runs inside the DELETE's transaction with the locked row; throws (e.g. 409) to refuse. */
  beforeDelete?: (tx: Tx, row: Row) => Promise<void>;
  /**
   * Deleting is a risky action: DELETE asks for a token verified for this step-up action (contract/stepUp.ts)
   * and for the target built from the locked row (the token is bound to that row).
   */
  stepUp?: { action: string; target: (row: Row) => StepUpTarget };
}

export interface ResourceDef<T extends AnyTable = AnyTable, Wire = unknown> {
  name: ResourceName;
  /** For messages: 'Campaign not found'. */
  label: string;
  table: T;
  scope: Scope;
  /** The primary key column, addressed as `/:id` and as the `id` filter (getMany). */
  primaryKey: PgColumn;
  idType: 'uuid' | 'int' | 'text';
  /** Whitelist of wire fields usable in `_sort`, filters and `q`, mapped to columns. */
  fields: Record<string, FieldDef>;
  /** Order when `_sort` is absent (the primary key is always the last tiebreaker). */
  defaultSort: readonly DefaultSort[];
  serialize: (row: T['$inferSelect']) => Wire;
  /** Absent: the resource is read-only and POST/PATCH/DELETE answer 405 with `readOnlyMessage`. */
  write?: WriteConfig<T['$inferSelect']>;
  readOnlyMessage?: string;
  /**
   * A table of counts kept by triggers (`campaign_counts`): the list's total when there is no filter, or
   * only equality on `groupField`, is a sum over it instead of a count over every row. Account scope only.
   */
  counts?: { table: AnyTable; groupField: string; groupColumn: PgColumn; count: PgColumn };
  /** The columns with an `(account_id, organization_id, column, id)` index (server/db/schema/). Account scope only. */
  listIndexes?: readonly PgColumn[];
  /**
   * Columns every one of those indexes carries (`INCLUDE`, migration 0021): a filter on them is tested on
   * the index a page walks, so one reused plan serves every value of a single bound on them.
   */
  listIncludes?: readonly PgColumn[];
}

/** Keeps the row type of `serialize` tied to the table while the registry holds plain `ResourceDef`s. */
export const defineResource = <T extends AnyTable, Wire>(def: ResourceDef<T, Wire>): ResourceDef =>
  def as unknown as ResourceDef;
