type Json = Record<string, unknown>;

interface LocatedError {
  errorCode?: Record<string, string>;
  location?: { fieldPathElements?: { fieldName: string; index?: number }[] };
}

/** Google's answer to an operation naming a resource that does not exist (here: was never created). */
const isNotFound = (error: LocatedError) =>
  Object.values(error.errorCode ?? {}).includes('RESOURCE_NOT_FOUND');

/** The index of the mutate operation an error is about (its field path starts `mutate_operations[i]`). */
const operationOf = (error: LocatedError): number | undefined => {
  const first = error.location?.fieldPathElements?.[0];
  return first?.fieldName === 'mutate_operations' ? first.index : undefined;
};

/** The temporary resource name an operation creates (`customers/1/assets/-7`), if any. */
const createdBy = (operation: Json | undefined): string | undefined => {
  const inner = operation
    ? (Object.values(operation)[0] as { create?: { resourceName?: unknown } })
    : undefined;
  const name = inner?.create?.resourceName;
  return typeof name === 'string' && /\/-\d+$/.test(name) ? name : undefined;
};

/**
 * With `partialFailure`, Google answers every operation of the request. An operation that uses a resource
 * another operation failed to create (by its temporary name: an ad and its refused image asset, an ad group
 * and its refused campaign) fails too, "The requested resource was not found." — Google's guide warns that
 * dependent operations fail with their parent. Those follow from the first refusal and give the planner
 * nothing to fix: they are left out, so the plan shows the refusals that are its own. A dependent
 * operation's own problem (an interest Google does not offer, under a refused budget) stays.
 */
export function withoutFollowOnErrors<E extends LocatedError>(errors: E[], operations: readonly Json[]): E[] {
  const failed = new Set(errors.map(operationOf).filter((index) => index !== undefined));
  const missing = new Set<string>();
  const followsOn = new Set<number>();
  // Operations come in order and may only use names created before them: one pass finds every chain.
  for (const [index, operation] of operations.entries()) {
    const usesMissing = [...missing].some((name) => JSON.stringify(operation).includes(`"${name}"`));
    if (usesMissing) followsOn.add(index);
    const created = createdBy(operation);
    if (created && (failed.has(index) || usesMissing)) missing.add(created);
  }
  const own = errors.filter((error) => {
    const index = operationOf(error);
    return index === undefined || !followsOn.has(index) || !isNotFound(error);
  });
  return own.length > 0 ? own : errors;
}
