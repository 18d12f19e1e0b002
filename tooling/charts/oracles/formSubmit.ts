/**
 * The promises of the one form-submit pattern (`editing` → `submitting` → `succeeded`, or `failed`), shared
 * by the oracles of the form charts (signIn, signUp, onboarding, budgetEdit). Each form
 * writes its own spec — initial values, the rules and their messages, the request it sends, what success
 * emits, its button's labels — and `formSubmitOracle` checks, at every step:
 *
 * - `editing`: the form's values and no message above the form; after a refused submit, the values are
 *   kept and exactly the messages the form's rules give show under the fields (at least one).
 * - `submitting`: only values the rules accept are sent, as the request the spec names; the button says so
 *   and the form is locked; nothing shows above the form.
 * - `failed`: the values of the submission are kept; a refusal's `validationErrors` show under the fields
 *   they name (the key's first segment, or its alias), else its `businessError` or message above the form;
 *   no answer at all says `NETWORK_MESSAGE` above the form.
 * - `succeeded`: what the form emits (its navigation), locked; the machine is done unless the form stays.
 * - every edit event: the edit is applied and that field's message goes; the other messages stay; from
 *   `failed`, the message above the form goes too.
 *
 * Written from the README's "Forms" section, not from `machines/shared/formSubmit.ts`.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import {
  type ChartOracle,
  defineOracle,
  expectEqual,
  expectFields,
  expectThat,
  type OracleCheck,
  type OracleStep,
} from '../oracle';
import { NETWORK_MESSAGE, sentBy } from './shared';

type Values = Record<string, unknown>;
type Messages = Record<string, string>;

/** What every form view shows (the rest is the form's own, checked by `extra`). */
export interface FormView {
  values: unknown;
  fieldErrors: Record<string, string | null>;
  formError: string | null;
  isSubmitting: boolean;
  isLocked: boolean;
  submitLabel: string;
}

export type FormState = 'editing' | 'submitting' | 'failed' | 'succeeded';

export interface FormSpec {
  /** The form's `connect()` view of a step. */
  view: (step: OracleStep) => FormView;
  /**
   * The form's `connect()` with this `send`: its commands are checked at every step (editing a field
   * sends `field.change` with the field and value, the button sends `form.submit`).
   */
  commands?: (
    step: OracleStep,
    send: (event: EventObject) => void,
  ) => { changeField(field: never, value: string): void; submit(): void };
  /** Every field the view has a message slot for. */
  fields: readonly string[];
  /** The values the form starts with (for the chart's input). */
  initialValues: Values;
  /** The submit button's label in each state. */
  labels: Record<FormState, string>;
  /** The named actor that sends the form (also the done/error event's id). */
  actor: string;
  /** The spec's rules: field → message for these values; empty when the form may be sent. */
  messagesFor: (values: Values) => Messages;
  /** The request sent for these values (the actor's input). */
  request: (values: Values) => unknown;
  /** Edit event type → the values after it, and the field whose message it hides. */
  edits: Record<string, (values: Values, event: EventObject & Record<string, unknown>) => [Values, string]>;
  /** Wire keys of `validationErrors` named otherwise in the form (`budgetMinor` → `budget`). */
  aliases?: Record<string, string>;
  /** A refusal that counts as success (onboarding: already onboarded in another tab). */
  isSuccessRefusal?: (error: unknown) => boolean;
  /** What entering `succeeded` emits. */
  emittedOnSuccess: (step: OracleStep) => EventObject[];
  /** What each state promises beyond the pattern (e.g. the page's upgrade notice). */
  extra?: Partial<Record<FormState, OracleCheck>>;
  /**
   * A form's own way out beyond the pattern (the sign-in's single sign-on): its other events, each with its
   * check (they may lead back to `editing`), and its other states, which check what they emit themselves.
   */
  beyond?: { events: Record<string, OracleCheck>; states: Record<string, OracleCheck> };
}

const valuesOf = (step: OracleStep | undefined): Values =>
  (step?.context as { values: Values } | undefined)?.values ?? {};

const previousValues = (step: OracleStep): Values =>
  (step.previous?.context as { values: Values } | undefined)?.values ?? {};

/** Is `error` the server's answer (a status), rather than no answer at all? */
export const isRefusal = (
  error: unknown,
): error is {
  status: number;
  message: string;
  errorCode?: string;
  businessError?: { message: string };
  validationErrors?: Record<string, { message: string }>;
} =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';

/** What a failure shows, by the spec: under the fields it names, else above the form. */
export function expectedFailure(
  error: unknown,
  fields: readonly string[],
  aliases: Record<string, string> = {},
): { fieldErrors: Messages; formError: string | null } {
  if (!isRefusal(error)) return { fieldErrors: {}, formError: NETWORK_MESSAGE };
  const fieldErrors: Messages = {};
  for (const [key, { message }] of Object.entries(error.validationErrors ?? {})) {
    const wire = key.split('.')[0]!;
    const field = aliases[wire] ?? wire;
    if (fields.includes(field) && !(field in fieldErrors)) fieldErrors[field] = message;
  }
  if (Object.keys(fieldErrors).length) return { fieldErrors, formError: null };
  return { fieldErrors, formError: error.businessError?.message ?? error.message };
}

/** The view's message slots as the spec expects them: `messages` under their fields, null elsewhere. */
const slots = (fields: readonly string[], messages: Messages) =>
  Object.fromEntries(fields.map((field) => [field, messages[field] ?? null]));

const shownMessages = (view: FormView): Messages =>
  Object.fromEntries(
    Object.entries(view.fieldErrors).filter((entry): entry is [string, string] => entry[1] !== null),
  );

export function formSubmitOracle(machine: AnyStateMachine, spec: FormSpec): ChartOracle {
  const { fields, labels, actor } = spec;
  const editEvents = Object.keys(spec.edits);

  /** An edit: the values change as the spec says, that field's message goes, the others stay. */
  const editCheck: OracleCheck = (step) => {
    const edit = spec.edits[step.event.type]!;
    const [values, field] = edit(previousValues(step), step.event);
    expectEqual(valuesOf(step), values, 'values after the edit');
    const before = step.previous ? shownMessages(spec.view({ ...step, snapshot: step.previous })) : {};
    const { [field]: _hidden, ...others } = before;
    expectEqual(spec.view(step).fieldErrors, slots(fields, others), 'messages after the edit');
    // Editing after a refusal hides the message above the form.
    expectEqual(spec.view(step).formError, null, 'message above the form after the edit');
  };

  const states: Record<FormState, OracleCheck> = {
    editing: (step) => {
      const view = spec.view(step);
      expectFields(view, {
        formError: null,
        isSubmitting: false,
        isLocked: false,
        submitLabel: labels.editing,
      });
      if (step.index === 0) {
        expectEqual(valuesOf(step), spec.initialValues, 'initial values');
        expectEqual(view.fieldErrors, slots(fields, {}), 'messages before any submit');
      } else if (step.event.type === 'form.submit') {
        // A refused submit: nothing is sent, the rules' messages show under their fields.
        const messages = spec.messagesFor(valuesOf(step));
        expectThat(Object.keys(messages).length > 0, 'valid values were not sent');
        expectEqual(valuesOf(step), previousValues(step), 'values kept');
        expectEqual(view.fieldErrors, slots(fields, messages), 'messages under the fields');
        expectEqual(step.snapshot.children[actor], undefined, 'a request on its way');
      } else {
        expectThat(
          editEvents.includes(step.event.type) || step.event.type in (spec.beyond?.events ?? {}),
          `editing entered by ${step.event.type}`,
        );
      }
      spec.extra?.editing?.(step);
    },
    submitting: (step) => {
      const values = valuesOf(step);
      expectEqual(spec.messagesFor(values), {}, 'messages the rules give the values sent');
      expectFields(spec.view(step), {
        formError: null,
        isSubmitting: true,
        isLocked: true,
        submitLabel: labels.submitting,
      });
      if (step.previous?.matches('failed')) expectEqual(values, previousValues(step), 'values of the retry');
      const request = step.snapshot.children[actor] as { options?: { input?: unknown } } | undefined;
      expectThat(request !== undefined, `no ${actor} request on its way`);
      expectEqual(request.options?.input, spec.request(values), 'request sent');
      spec.extra?.submitting?.(step);
    },
    failed: (step) => {
      expectEqual(step.event.type, `xstate.error.actor.${actor}`, 'event');
      const { fieldErrors, formError } = expectedFailure(step.event.error, fields, spec.aliases);
      expectFields(spec.view(step), {
        fieldErrors: slots(fields, fieldErrors),
        formError,
        isSubmitting: false,
        isLocked: false,
        submitLabel: labels.failed,
      });
      expectEqual(valuesOf(step), previousValues(step), 'values kept');
      spec.extra?.failed?.(step);
    },
    succeeded: (step) => {
      const { type } = step.event;
      expectThat(
        type === `xstate.done.actor.${actor}` ||
          (type === `xstate.error.actor.${actor}` && spec.isSuccessRefusal?.(step.event.error) === true),
        `succeeded on ${type}`,
      );
      expectEqual(step.snapshot.status, 'done', 'status');
      expectFields(spec.view(step), { isSubmitting: false, isLocked: true, submitLabel: labels.succeeded });
      expectEqual(step.emitted, spec.emittedOnSuccess(step), 'emitted');
      spec.extra?.succeeded?.(step);
    },
  };

  const beyondStates = Object.keys(spec.beyond?.states ?? {});
  return defineOracle(machine, {
    states: { ...states, ...spec.beyond?.states },
    events: { ...Object.fromEntries(editEvents.map((type) => [type, editCheck])), ...spec.beyond?.events },
    always: (step) => {
      // Only `succeeded` emits (and the form's own states, which check it).
      const emits = ['succeeded', ...beyondStates].some((state) => step.snapshot.matches(state));
      if (!emits) expectEqual(step.emitted, [], 'emitted');
      expectEqual(spec.view(step).values, valuesOf(step), 'values shown');
      const { commands } = spec;
      if (commands) {
        const field = fields[0]!;
        expectEqual(
          sentBy(
            (send) => commands(step, send),
            (form) => form.changeField(field as never, 'typed'),
          ),
          [{ type: 'field.change', field, value: 'typed' }],
          'editing a field sends',
        );
        expectEqual(
          sentBy(
            (send) => commands(step, send),
            (form) => form.submit(),
          ),
          [{ type: 'form.submit' }],
          'the button sends',
        );
      }
    },
  });
}

/** A `field.change` edit: the field takes the value typed, as typed. */
export const fieldChange = (
  values: Values,
  event: EventObject & Record<string, unknown>,
): [Values, string] => [{ ...values, [event.field as string]: event.value }, event.field as string];
