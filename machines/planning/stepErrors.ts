import type { PlanIssues } from '@contract/planning';
import * as v from 'valibot';

/**
 * What the step charts share about errors: the contract's schema issues by dot path (the server's 400
 * uses the same paths), and which of them show: the touched fields', all of them after Next, the
 * server's always.
 */

/** The schema's messages by dot path (the first per path). */
export function schemaIssues(schema: v.GenericSchema, value: unknown): PlanIssues {
  const result = v.safeParse(schema, value);
  if (result.success) return {};
  const issues: PlanIssues = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    if (!(path in issues)) issues[path] = issue.message;
  }
  return issues;
}

/** A field shows its messages once touched; a touched `allocations.meta` shows `allocations.meta.*` too. */
export function visibleIssues(
  issues: PlanIssues,
  touched: readonly string[],
  showAll: boolean,
  server: PlanIssues,
): PlanIssues {
  const shown: PlanIssues = {};
  for (const [path, message] of Object.entries(issues)) {
    if (showAll || touched.some((t) => path === t || path.startsWith(`${t}.`))) shown[path] = message;
  }
  return { ...shown, ...server };
}

/** The server's messages that still apply: those of fields not edited since. */
export function withoutTouched(server: PlanIssues, field: string): PlanIssues {
  return Object.fromEntries(
    Object.entries(server).filter(([path]) => path !== field && !path.startsWith(`${field}.`)),
  );
}

export const touch = (touched: readonly string[], ...fields: string[]) => [
  ...touched,
  ...fields.filter((f) => !touched.includes(f)),
];
