import type { ResourceName, ResourceRecord } from '@contract/resources';
import { and, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import type { SessionInfo } from '../http/env';
import { HttpError, parseWith } from '../http/errors';
import { methodNotAllowed } from '../http/methodNotAllowed';
import type { ResourceDef, ScopeContext, Tx } from './define';
import { UUID_PATTERN } from './fields';
import { RESOURCES } from './resources';
import { SCOPE_KEYS, scopeCondition, scopeOfSession, scopeValues } from './scope';
import { queryRows, selectList } from './sql';

type Row = Record<string, unknown>;

/** A path id of the resource's type, or null when it cannot name any row (answered like a missing id). */
export function parseId(def: ResourceDef, raw: string): string | number | null {
  switch (def.idType) {
    case 'uuid':
      return UUID_PATTERN.test(raw) ? raw.toLowerCase() : null;
    case 'int':
      return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
    case 'text':
      return raw.length > 0 && raw.length <= 200 ? raw : null;
  }
}

/** 404 with the same body for a missing id, a malformed one and another tenant's. */
export const notFoundError = (def: ResourceDef) => new HttpError(404, `${def.label} not found`);

const byId = (def: ResourceDef, scope: ScopeContext, id: string | number): SQL =>
  and(scopeCondition(def, scope), eq(def.primaryKey, id))!;

/** One row of the caller's scope, keyed like the table's `$inferSelect`, or null. */
export async function findRow(db: Database, def: ResourceDef, scope: ScopeContext, id: string | number) {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${selectList(def.table)} FROM ${def.table} WHERE ${byId(def, scope, id)} LIMIT 1`,
  );
  return rows[0] ?? null;
}

/**
 * For later features: the wire record of `resource` with this id if the session may see it, else null
 * (missing, malformed, or another tenant's). `findScoped(db, session, 'campaigns', id)`.
 */
export async function findScoped<R extends ResourceName>(
  db: Database,
  session: SessionInfo,
  resource: R,
  id: string,
): Promise<ResourceRecord<R> | null> {
  const def = RESOURCES[resource];
  const parsed = parseId(def, id);
  if (parsed === null) return null;
  const row = await findRow(db, def, scopeOfSession(session), parsed);
  return row ? (def.serialize(row) as ResourceRecord<R>) : null;
}

function invalid(field: string, message: string): HttpError {
  return new HttpError(400, `${field}: ${message}`, { validationErrors: { [field]: { message } } });
}

export function readOnlyError(def: ResourceDef): HttpError {
  return methodNotAllowed('GET, HEAD', def.readOnlyMessage ?? `${def.label}s are read-only`);
}

/** A client may echo its own organization/account ids (refine forms send whole records) but never choose one. */
function refuseForeignScope(def: ResourceDef, scope: ScopeContext, body: Row) {
  const own: Record<string, string | null> = {
    organizationId: def.scope === 'account' || def.scope === 'organization' ? scope.organizationId : null,
    accountId: def.scope === 'account' ? scope.accountId : null,
  };
  for (const key of SCOPE_KEYS) {
    const value = body[key];
    if (value === undefined || own[key] === null) continue;
    if (typeof value !== 'string' || value.toLowerCase() !== own[key]) {
      const what = key === 'accountId' ? 'account' : 'organization';
      throw invalid(key, `The ${what} comes from your session and cannot be chosen`);
    }
  }
}

function checkDateRanges(def: ResourceDef, values: Row) {
  for (const [start, end] of def.write?.dateRanges ?? []) {
    const from = values[start];
    const to = values[end];
    if (typeof from === 'string' && typeof to === 'string' && to < from) {
      throw invalid(end, `must be on or after ${start}`);
    }
  }
}

/** Ids in reference fields must name rows the caller can see; a foreign id answers like a missing one. */
async function checkReferences(tx: Tx, def: ResourceDef, scope: ScopeContext, values: Row) {
  for (const [fieldName, target] of Object.entries(def.write?.references ?? {})) {
    const value = values[fieldName];
    if (value === undefined || value === null || !target) continue;
    const ids = (Array.isArray(value) ? value : [value]) as (string | number)[];
    if (ids.length === 0) continue;
    const targetDef = RESOURCES[target];
    const found = await tx
      .select({ id: targetDef.primaryKey })
      .from(targetDef.table)
      .where(and(scopeCondition(targetDef, scope), inArray(targetDef.primaryKey, ids)));
    const seen = new Set(found.map((r) => String(r.id).toLowerCase()));
    const missing = ids.find((id) => !seen.has(String(id).toLowerCase()));
    if (missing !== undefined) {
      throw invalid(
        fieldName,
        target === 'platforms' ? `Unknown platform "${missing}"` : `${targetDef.label} not found`,
      );
    }
  }
}

/** A foreign-key violation that slipped past checkReferences (a row deleted meanwhile) is still a 400. */
function mapConstraintError(def: ResourceDef, error: unknown): unknown {
  const pgError = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (pgError ?? {}) as { code?: string; constraint?: string };
  if (code === '23503' && constraint) {
    const table = getTableName(def.table);
    for (const [fieldName, target] of Object.entries(def.write?.references ?? {})) {
      const column = def.fields[fieldName]?.column.name;
      if (target && column && constraint.startsWith(`${table}_${column}_`)) {
        return invalid(fieldName, `${RESOURCES[target].label} not found`);
      }
    }
  }
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008') {
    return new HttpError(400, 'A value in the request has the wrong format');
  }
  return error;
}

async function guarded<T>(def: ResourceDef, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mapConstraintError(def, error);
  }
}

export async function createRecord(db: Database, def: ResourceDef, scope: ScopeContext, body: Row) {
  const write = def.write;
  if (!write) throw readOnlyError(def);
  refuseForeignScope(def, scope, body);
  const input = parseWith(write.create, body);
  checkDateRanges(def, input);
  return guarded(def, () =>
    db.transaction(async (tx) => {
      await checkReferences(tx, def, scope, input);
      const row = write.insert
        ? await write.insert(tx, scope, input)
        : (
            await tx
              .insert(def.table)
              .values({ ...input, ...scopeValues(def, scope) })
              .returning()
          )[0];
      return def.serialize(row!);
    }),
  );
}

export async function updateRecord(
  db: Database,
  def: ResourceDef,
  scope: ScopeContext,
  id: string | number | null,
  body: Row,
) {
  const write = def.write;
  if (!write) throw readOnlyError(def);
  if (id === null) throw notFoundError(def);
  refuseForeignScope(def, scope, body);
  const input = parseWith(write.update, body);
  return guarded(def, () =>
    db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(def.table)
        .where(byId(def, scope, id))
        .for('update');
      if (!existing) throw notFoundError(def);
      if (Object.keys(input).length === 0) return def.serialize(existing);
      await write.beforeUpdate?.(tx, existing, input);
      checkDateRanges(def, { ...existing, ...input });
      await checkReferences(tx, def, scope, input);
      const changes: Row = { ...input };
      if ('updatedAt' in def.table) changes.updatedAt = sql`now()`;
      const [row] = await tx
        .update(def.table)
        .set(changes)
        .where(byId(def, scope, id))
        .returning();
      return def.serialize(row!);
    }),
  );
}

export async function deleteRecord(
  db: Database,
  def: ResourceDef,
  scope: ScopeContext,
  id: string | number | null,
  /** The step-up, when deleting is a risky action: after the checks, before the row goes, with the locked row. */
  confirm?: (row: Record<string, unknown>) => Promise<unknown>,
) {
  const write = def.write;
  if (!write) throw readOnlyError(def);
  if (write.noDelete) throw methodNotAllowed('GET, HEAD, PATCH', write.noDelete);
  if (id === null) throw notFoundError(def);
  const [row] = await guarded(def, () =>
    db.transaction(async (tx) => {
      if (write.beforeDelete || confirm) {
        const [existing] = await tx
          .select()
          .from(def.table)
          .where(byId(def, scope, id))
          .for('update');
        if (!existing) throw notFoundError(def);
        await write.beforeDelete?.(tx, existing);
        await confirm?.(existing as Record<string, unknown>);
      }
      return tx
        .delete(def.table)
        .where(byId(def, scope, id))
        .returning();
    }),
  );
  if (!row) throw notFoundError(def);
  return def.serialize(row);
}
