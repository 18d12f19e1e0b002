/**
 * The one load pattern of every chart that first reads something from the server:
 *
 *   loading --<actor> done--> (the chart's own targets: ready, shown, empty, notFound...)
 *   loading --<actor> error [isNotFoundError]--> notFound          (only with `notFound`)
 *   loading --<actor> error--> failed (the chart's error action) --<retry event>--> loading
 *
 * `loadStates(...)` writes these states for a machine, so each chart spells out only what is its own:
 * the descriptions (every state keeps one, written for that chart), the state names it always had
 * (`failed` or `loadFailed`), the actor that loads (also the invoke's id), its input, where an answer
 * leads, what a failure keeps, and the event that tries again. Like `formSubmitStates`, the states are
 * plain state nodes: the diagram and the path tests see them as if written by hand.
 *
 * Lambdas a chart passes (input, params) are checked where they are used; annotate their argument with
 * `LoadDone<Output>` (`({ event }: LoadDone<Record | null>) => ...`) and use `errorParams` for the error.
 */

/** The argument of a params function on the load's done event. */
export interface LoadDone<TOutput> {
  event: { output: TOutput };
}

/** Params `{ error }` of the load's error event, for the chart's error action or guard. */
export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export interface LoadStatesOptions<
  TContext,
  TInput,
  TActor extends string,
  TLoading extends string,
  TFailed extends string,
  TNotFound extends string,
  TRetry extends string,
  TDone,
  TFailAction,
  TErrorCases extends readonly unknown[],
  TRetryActions,
  TEntry,
  TNotFoundGuard,
> {
  /** The named actor (declared in setup's `actors`) that loads; also the invoke's id. */
  actor: TActor;
  /** The actor's input, from the context. */
  input?: (context: TContext) => TInput;
  /** The state names (defaults: `loading`, `failed`, `notFound`). */
  names?: { loading?: TLoading; failed?: TFailed; notFound?: TNotFound };
  descriptions: { loading: string; failed: string };
  /** Action(s) run on entering `loading`. */
  entry?: TEntry;
  /** Where an answer leads: the invoke's `onDone` (one transition or a guarded list). */
  onDone: TDone;
  /** Error transitions tried before the not-found and failed ones (e.g. the query's named problems). */
  errorCases?: TErrorCases;
  /** Action(s) run on the way to `failed` (e.g. `{ type: 'showLoadError', params: errorParams }`). */
  failAction?: TFailAction;
  /** With it, an error its guard accepts leads to the `notFound` state (no retry there). */
  notFound?: { guard: TNotFoundGuard; description: string };
  /** The event that tries again from `failed`, and what it also does. */
  retry: { event: TRetry; actions?: TRetryActions };
}

/** The loading and failed states (and, with `notFound`, the not-found one), keyed by their names. */
export function loadStates<
  TContext,
  TInput,
  const TActor extends string,
  const TDone,
  const TRetry extends string,
  const TLoading extends string = 'loading',
  const TFailed extends string = 'failed',
  const TNotFound extends string = 'notFound',
  const TFailAction = undefined,
  const TErrorCases extends readonly unknown[] = [],
  const TRetryActions = undefined,
  const TEntry = undefined,
  const TNotFoundGuard = undefined,
>(
  options: LoadStatesOptions<
    TContext,
    TInput,
    TActor,
    TLoading,
    TFailed,
    TNotFound,
    TRetry,
    TDone,
    TFailAction,
    TErrorCases,
    TRetryActions,
    TEntry,
    TNotFoundGuard
  >,
) {
  const loading = (options.names?.loading ?? 'loading') as TLoading;
  const failed = (options.names?.failed ?? 'failed') as TFailed;
  const notFound = (options.names?.notFound ?? 'notFound') as TNotFound;
  const toFailed = (
    options.failAction === undefined ? { target: failed } : { target: failed, actions: options.failAction }
  ) as undefined extends TFailAction ? { target: TFailed } : { target: TFailed; actions: TFailAction };
  const onError = [
    ...(options.errorCases ?? []),
    ...(options.notFound ? [{ guard: options.notFound.guard, target: notFound }] : []),
    toFailed,
  ];
  const { input } = options;
  const loadingNode = {
    description: options.descriptions.loading,
    ...((options.entry === undefined ? {} : { entry: options.entry }) as undefined extends TEntry
      ? { entry?: never }
      : { entry: TEntry }),
    invoke: {
      id: options.actor,
      src: options.actor,
      // Without `input` the actor is invoked without one, as the charts wrote it.
      input: (input ? ({ context }: { context: TContext }) => input(context) : undefined) as (args: {
        context: TContext;
      }) => TInput,
      onDone: options.onDone,
      // A single transition stays one (as the charts wrote it); a list keeps its order.
      onError: onError.length === 1 ? toFailed : onError,
    },
  };
  const retry = (
    options.retry.actions === undefined
      ? { target: loading }
      : { target: loading, actions: options.retry.actions }
  ) as undefined extends TRetryActions ? { target: TLoading } : { target: TLoading; actions: TRetryActions };
  const failedNode = {
    description: options.descriptions.failed,
    on: { [options.retry.event]: retry } as { [K in TRetry]: typeof retry },
  };
  const states = {
    [loading]: loadingNode,
    ...(options.notFound ? { [notFound]: { description: options.notFound.description } } : {}),
    [failed]: failedNode,
  };
  // NoInfer: the names come from the options (or the defaults), never from where the states are spread.
  return states as { [K in NoInfer<TLoading>]: typeof loadingNode } & {
    [K in NoInfer<TFailed>]: typeof failedNode;
  } & (undefined extends TNotFoundGuard ? unknown : { [K in NoInfer<TNotFound>]: { description: string } });
}
