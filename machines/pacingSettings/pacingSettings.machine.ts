import { DEFAULT_PACING_THRESHOLDS, PACING_THRESHOLD_MAX, PACING_THRESHOLD_MIN } from '@contract/pacing';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import type {
  PacingSettings,
  PacingSettingsContext,
  PacingSettingsEvent,
  PacingSettingsInput,
  ThresholdField,
} from './pacingSettings.types';

const LABELS: Record<ThresholdField, string> = { underPercent: 'underpacing', overPercent: 'overpacing' };
export const THRESHOLD_FIELDS: readonly ThresholdField[] = ['underPercent', 'overPercent'];

/** The field's problem, in the server's words (contract/pacing.ts PacingSettingsUpdateSchema); none: ok. */
export function thresholdProblem(field: ThresholdField, text: string): string | null {
  const label = LABELS[field];
  const value = text.trim();
  if (value === '' || !/^-?\d+(\.\d+)?$/.test(value))
    return `Enter the ${label} threshold as a number of per cent`;
  const n = Number(value);
  if (!Number.isInteger(n)) return `Enter the ${label} threshold as a whole number of per cent`;
  if (n < PACING_THRESHOLD_MIN) return `The ${label} threshold must be at least ${PACING_THRESHOLD_MIN} %`;
  if (n > PACING_THRESHOLD_MAX) return `The ${label} threshold must be at most ${PACING_THRESHOLD_MAX} %`;
  return null;
}

const problemsOf = (values: Record<ThresholdField, string>) => {
  const problems: Partial<Record<ThresholdField, string>> = {};
  for (const field of THRESHOLD_FIELDS) {
    const problem = thresholdProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
};

const textOf = (settings: Pick<PacingSettings, ThresholdField>) => ({
  underPercent: String(settings.underPercent),
  overPercent: String(settings.overPercent),
});

export const pacingSavedNotice = (s: Pick<PacingSettings, ThresholdField>) =>
  `Saved. Flights and budgets are off pace beyond ${s.underPercent} % under or ${s.overPercent} % over what is planned to date; the next delivery sync alerts by them.`;

export const pacingSettingsMachine = setup({
  types: {
    context: {} as PacingSettingsContext,
    events: {} as PacingSettingsEvent,
    input: {} as PacingSettingsInput,
  },
  actors: {
    /** GET /api/pacing/settings; `src/` provides it. */
    loadSettings: fromPromise<PacingSettings>(async () => {
      throw new Error('not provided: loadSettings');
    }),
    /** PUT /api/pacing/settings; `src/` provides it. */
    saveSettings: fromPromise<PacingSettings, Record<ThresholdField, number>>(async () => {
      throw new Error('not provided: saveSettings');
    }),
  },
  guards: {
    mayManage: ({ context }) => context.canManage,
    hasProblems: ({ context }) => Object.keys(problemsOf(context.values)).length > 0,
    hasMessage: ({ context }) => context.notice !== null || context.error !== null,
  },
  actions: {
    showSettings: assign((_, params: { settings: PacingSettings }) => ({
      saved: params.settings,
      values: textOf(params.settings),
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      loadError: isServerFailure(params.error) ? params.error.message : NETWORK_ERROR_MESSAGE,
    })),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors, notice: null };
    }),
    useDefaults: assign({ values: textOf(DEFAULT_PACING_THRESHOLDS), fieldErrors: {}, notice: null }),
    showProblems: assign(({ context }) => ({
      fieldErrors: problemsOf(context.values),
      notice: null,
      error: null,
    })),
    clearMessages: assign({ notice: null, error: null, fieldErrors: {} }),
    showSaved: assign((_, params: { settings: PacingSettings }) => ({
      saved: params.settings,
      values: textOf(params.settings),
      notice: pacingSavedNotice(params.settings),
    })),
    showSaveError: assign((_, params: { error: unknown }) => {
      const { error } = params;
      if (!isServerFailure(error)) return { error: NETWORK_ERROR_MESSAGE };
      const named = error.validationErrors ?? {};
      const fieldErrors: Partial<Record<ThresholdField, string>> = {};
      for (const field of THRESHOLD_FIELDS) if (named[field]) fieldErrors[field] = named[field].message;
      return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { error: error.message };
    }),
  },
}).createMachine({
  id: 'pacingSettings',
  description:
    'Settings → Pacing alerts: how far a flight’s (or budget’s) spend may stray from what is planned to date ' +
    'before it is off pace — the account’s planners are alerted after the next delivery sync, and the ' +
    'dashboard and pages judge by the same thresholds. Planners change them; everyone else reads them.',
  context: ({ input }) => ({
    ...input,
    saved: null,
    values: textOf(DEFAULT_PACING_THRESHOLDS),
    fieldErrors: {},
    loadError: null,
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    ...loadStates({
      actor: 'loadSettings',
      descriptions: {
        loading: 'Asking the server for the account’s thresholds.',
        failed: 'The thresholds could not be loaded; the message is shown with “Try again”.',
      },
      onDone: {
        target: 'ready',
        actions: {
          type: 'showSettings',
          params: ({ event }: LoadDone<PacingSettings>) => ({ settings: event.output }),
        },
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'retry' },
    }),
    ready: {
      description:
        'The two thresholds (under, over) in per cent, editable by planners (others see them read-only, with ' +
        'the reason). Save checks each is a whole number from 1 to 100 and names the field that is not.',
      on: {
        'field.change': { guard: 'mayManage', actions: 'setField' },
        'defaults.use': { guard: 'mayManage', actions: 'useDefaults' },
        'form.submit': [
          { guard: 'hasProblems', actions: 'showProblems' },
          { guard: 'mayManage', target: 'saving', actions: 'clearMessages' },
        ],
        'notice.dismiss': { guard: 'hasMessage', actions: 'clearMessages' },
      },
    },
    saving: {
      description: 'The thresholds are on their way; the form is locked until the server answers.',
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({
          underPercent: Number(context.values.underPercent),
          overPercent: Number(context.values.overPercent),
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'showSaved', params: ({ event }) => ({ settings: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type PacingSettingsMachine = typeof pacingSettingsMachine;
