import { assertEvent, assign, type EventObject } from 'xstate';
import { describeFailure, isServerFailure } from './errors';
import { type FieldErrors, hasFieldErrors, withoutFieldError } from './validation';

/**
 * The one form-submit pattern of every form chart (sign-in, sign-up, onboarding, the campaign overview,
 * the budget edit form):
 *
 *   editing --form.submit [isFormValid]--> submitting --<actor> done--> succeeded
 *   editing --form.submit [else]--> editing (showFieldErrors)
 *   submitting --<actor> error--> failed (showServerError) --edit--> editing, --form.submit--> submitting
 *
 * `formSubmitStates(...)` writes these four states for a machine, so each chart spells out only what is
 * its own: the descriptions (every state keeps one, written for that form), the actor that sends the
 * form, its input, the edit events, and what success does. The diagram shows the four states as if they
 * were written by hand (they are plain state nodes, not a child machine), and the path tests inject
 * `xstate.done.actor.<actor>` / `xstate.error.actor.<actor>` as before.
 *
 * The machine's `setup` declares what the states name — `formSubmitSetup(...)` writes the common ones:
 * - guard `isFormValid` (the values pass the form's checks);
 * - actions `showFieldErrors` (the checks' messages under the fields), `clearFormError` (on entering
 *   `submitting`, and when a field is edited after a refusal) and `showServerError` with params
 *   `{ error }` (what the chart keeps of a refusal, e.g. `keptFailure(FIELDS, ALIASES)`);
 * - one action per edit event (`field.change` → `updateField`, also from `formSubmitSetup`), which also
 *   drops that field's message;
 * - the actor, declared in `actors` under the name given here and provided by `src/`.
 */

/** The names of the states the pattern produces. */
export type FormSubmitStateName = 'editing' | 'submitting' | 'failed' | 'succeeded';

/** What each state means for this form, for the diagram's notes (written for a product owner). */
export type FormSubmitDescriptions = Record<FormSubmitStateName, string>;

export interface FormSubmitOptions<
  TContext,
  TInput,
  TActor extends string,
  TEdits extends Record<string, string>,
  TSucceeded extends string | undefined,
  TDone extends string | undefined,
  TRefusalIsSuccess extends string | undefined,
> {
  /** The named actor (declared in setup's `actors`) that sends the form; also the invoke's id. */
  actor: TActor;
  /** The actor's input: the request, built from the context (values trimmed, parsed...). */
  input: (context: TContext) => TInput;
  descriptions: FormSubmitDescriptions;
  /** Edit event type → the action that applies it (and hides that field's message). */
  edits: TEdits;
  /** Action run on entering `succeeded` (e.g. emit the navigation). */
  succeededEntry?: TSucceeded;
  /** Action run with params `{ output }` when the actor resolves (e.g. keep the new record's id). */
  keepOutput?: TDone;
  /** Guard with params `{ error }`: a refusal it accepts counts as success (e.g. already done in another tab). */
  refusalIsSuccess?: TRefusalIsSuccess;
  /** Whether `succeeded` ends the machine (default true: the page moves on). */
  final?: boolean;
}

type EditingOn<TEdits extends Record<string, string>> = {
  [K in keyof TEdits]: { actions: TEdits[K] };
};
type FailedOn<TEdits extends Record<string, string>> = {
  [K in keyof TEdits]: { target: 'editing'; actions: readonly ['clearFormError', TEdits[K]] };
};

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const outputParams = ({ event }: { event: { output: unknown } }) => ({ output: event.output });

/** The four states of a form that checks its values, sends them, and shows the server's refusal. */
export function formSubmitStates<
  TContext,
  TInput,
  const TActor extends string,
  const TEdits extends Record<string, string>,
  const TSucceeded extends string | undefined = undefined,
  const TDone extends string | undefined = undefined,
  const TRefusalIsSuccess extends string | undefined = undefined,
>(options: FormSubmitOptions<TContext, TInput, TActor, TEdits, TSucceeded, TDone, TRefusalIsSuccess>) {
  const { actor, descriptions, edits } = options;
  const editingOn = {} as Record<string, unknown>;
  const failedOn = {} as Record<string, unknown>;
  for (const [event, action] of Object.entries(edits)) {
    editingOn[event] = { actions: action };
    failedOn[event] = { target: 'editing', actions: ['clearFormError', action] };
  }
  const succeed = {
    target: 'succeeded' as const,
    ...(options.keepOutput
      ? { actions: { type: options.keepOutput as NonNullable<TDone>, params: outputParams } }
      : {}),
  };
  const fail = {
    target: 'failed' as const,
    actions: { type: 'showServerError' as const, params: errorParams },
  };
  const onError = options.refusalIsSuccess
    ? [
        {
          guard: { type: options.refusalIsSuccess as NonNullable<TRefusalIsSuccess>, params: errorParams },
          target: 'succeeded' as const,
        },
        fail,
      ]
    : [fail];
  return {
    editing: {
      description: descriptions.editing,
      on: {
        ...(editingOn as EditingOn<TEdits>),
        'form.submit': [
          { guard: 'isFormValid' as const, target: 'submitting' as const },
          { actions: 'showFieldErrors' as const },
        ],
      },
    },
    submitting: {
      description: descriptions.submitting,
      entry: 'clearFormError' as const,
      invoke: {
        id: actor,
        src: actor,
        input: ({ context }: { context: TContext }) => options.input(context),
        onDone: succeed,
        onError,
      },
    },
    failed: {
      description: descriptions.failed,
      on: {
        ...(failedOn as FailedOn<TEdits>),
        // The values are those of the last (valid) submission: nothing was edited since.
        'form.submit': { target: 'submitting' as const },
      },
    },
    succeeded: {
      ...(options.final === false ? {} : { type: 'final' as const }),
      description: descriptions.succeeded,
      ...(options.succeededEntry ? { entry: options.succeededEntry as NonNullable<TSucceeded> } : {}),
    },
  };
}

/**
 * What a refusal shows: the server's `validationErrors` under the fields they name (the first segment of
 * the key, `platforms.0` → `platforms`; `aliases` maps a wire key onto the form's field, e.g. `budgetMinor`
 * → `budget`), else its `businessError` (409/422) or message above the form, and `NETWORK_ERROR_MESSAGE`
 * when no answer came.
 */
export function serverFailure<TField extends string>(
  error: unknown,
  fields: readonly TField[],
  aliases: Partial<Record<string, TField>> = {},
): { fieldErrors: FieldErrors<TField>; formError: string | null; status: number | null } {
  const failure = describeFailure(error, []);
  if (!isServerFailure(error)) return { fieldErrors: {}, formError: failure.formError, status: null };
  const fieldErrors: FieldErrors<TField> = {};
  for (const [key, value] of Object.entries(error.validationErrors ?? {})) {
    const wire = key.split('.')[0] ?? key;
    const field = aliases[wire] ?? (fields as readonly string[]).find((name) => name === wire);
    if (field && value?.message && !fieldErrors[field as TField])
      fieldErrors[field as TField] = value.message;
  }
  const saidNextToFields = Object.keys(fieldErrors).length > 0;
  return {
    fieldErrors,
    formError: saidNextToFields ? null : (error.businessError?.message ?? error.message),
    status: failure.status,
  };
}

/** The refusal a page form keeps for its notices (e.g. the plan-upgrade notice for REQUIRES_UPGRADE). */
export interface FormFailure {
  errorCode?: string;
  message: string;
}

/** What every form chart's context holds: the values as typed, a message per field, one above the form. */
export interface FormContext<TField extends string> {
  values: { [K in TField]?: unknown };
  fieldErrors: FieldErrors<TField>;
  formError: string | null;
}

/** The edit every form chart has: a typed or chosen value of one field. */
export interface FieldChangeEvent<TField extends string = string> {
  type: 'field.change';
  field: TField;
  value: string;
}

export interface FormSubmitSetupOptions<TContext extends FormContext<TField>, TField extends string> {
  /** The form's own checks (the same words the server uses): a message per failing field. */
  validate: (values: TContext['values']) => FieldErrors<TField>;
  /** What a refusal leaves in the context: its messages, and what the chart keeps of it. */
  showServerError: (error: unknown) => Partial<TContext>;
  /** What clearing the form's message also resets (e.g. `{ failure: null }`). */
  clearFailure?: Partial<TContext>;
}

/**
 * The guard and actions `formSubmitStates` names, for a chart's `setup`: spread `guards` and `actions` into
 * it beside the chart's own (`TEvent` is the chart's event union; its `field.change` edits `values`).
 */
export function formSubmitSetup<
  TContext extends FormContext<TField>,
  TEvent extends EventObject,
  TField extends string = Extract<keyof TContext['fieldErrors'], string>,
>(options: FormSubmitSetupOptions<TContext, TField>) {
  const { validate } = options;
  return {
    guards: {
      isFormValid: ({ context }: { context: TContext }) => !hasFieldErrors(validate(context.values)),
    },
    actions: {
      updateField: assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => {
        assertEvent(event, 'field.change');
        const { field, value } = event as unknown as FieldChangeEvent<TField>;
        return {
          values: { ...context.values, [field]: value },
          fieldErrors: withoutFieldError(context.fieldErrors, field),
        } as Partial<TContext>;
      }),
      showFieldErrors: assign<TContext, TEvent, undefined, TEvent, never>(
        ({ context }) => ({ fieldErrors: validate(context.values) }) as Partial<TContext>,
      ),
      clearFormError: assign<TContext, TEvent, undefined, TEvent, never>(
        () => ({ formError: null, ...options.clearFailure }) as Partial<TContext>,
      ),
      showServerError: assign<TContext, TEvent, { error: unknown }, TEvent, never>((_, params) =>
        options.showServerError(params.error),
      ),
    },
  };
}

/**
 * `showServerError` of a page form (the budget edit form, the campaign overview): `serverFailure`'s
 * messages, and the refusal itself kept as `failure` (null when no answer came).
 */
export function keptFailure<TField extends string>(
  fields: readonly TField[],
  aliases: Partial<Record<string, TField>> = {},
) {
  return (
    error: unknown,
  ): { fieldErrors: FieldErrors<TField>; formError: string | null; failure: FormFailure | null } => {
    const { fieldErrors, formError, status } = serverFailure(error, fields, aliases);
    const { errorCode, message } = error as FormFailure;
    return { fieldErrors, formError, failure: status === null ? null : { errorCode, message } };
  };
}
