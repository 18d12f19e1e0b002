import { and, assertEvent, assign, emit, fromPromise, not, setup } from 'xstate';
import { describeFailure, isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import { all, hasFieldErrors, maxLength, validateFields, withoutFieldError } from '../shared/validation';
import {
  WHITE_LABEL_FIELDS,
  type WhiteLabelField,
  type WhiteLabelSettingsContext,
  type WhiteLabelSettingsEmitted,
  type WhiteLabelSettingsEvent,
  type WhiteLabelState,
  type WhiteLabelUpdateRequest,
  type WhiteLabelValues,
} from './whiteLabelSettings.types';

export const BRAND_NAME_MAX = 60;
export const HEX_MESSAGE = 'Use a colour in the form #rrggbb';
const HEX = /^#[0-9a-f]{6}$/i;

const hexColour = (value: string) => (HEX.test(value.trim()) ? undefined : HEX_MESSAGE);

export const WHITE_LABEL_RULES = {
  brandName: (value: string) =>
    all(maxLength(BRAND_NAME_MAX, `Use at most ${BRAND_NAME_MAX} characters`))(value.trim()),
  primaryHex: hexColour,
  navbarHex: hexColour,
};

const validate = (values: WhiteLabelValues) =>
  validateFields<WhiteLabelField>(
    { brandName: values.brandName, primaryHex: values.primaryHex, navbarHex: values.navbarHex },
    WHITE_LABEL_RULES,
  );

/** The values as they will be stored: trimmed name, lower-case colours. */
export function normalizeValues(values: WhiteLabelValues): WhiteLabelValues {
  return {
    isEnabled: values.isEnabled,
    brandName: values.brandName.trim(),
    primaryHex: values.primaryHex.trim().toLowerCase(),
    navbarHex: values.navbarHex.trim().toLowerCase(),
  };
}

export function isDirtyValues(values: WhiteLabelValues, saved: WhiteLabelValues): boolean {
  const a = normalizeValues(values);
  const b = normalizeValues(saved);
  return (
    a.isEnabled !== b.isEnabled ||
    a.brandName !== b.brandName ||
    a.primaryHex !== b.primaryHex ||
    a.navbarHex !== b.navbarHex
  );
}

export function updateRequestOf(values: WhiteLabelValues): WhiteLabelUpdateRequest {
  const v = normalizeValues(values);
  return {
    whiteLabelIsEnabled: v.isEnabled,
    whiteLabelBrandName: v.brandName === '' ? null : v.brandName,
    whiteLabelPrimaryHexCode: v.primaryHex,
    whiteLabelNavbarBackgroundHexCode: v.navbarHex,
  };
}

const valuesOf = (state: WhiteLabelState): WhiteLabelValues => ({
  isEnabled: state.isEnabled,
  brandName: state.brandName,
  primaryHex: state.primaryHex,
  navbarHex: state.navbarHex,
});

const EMPTY: WhiteLabelValues = {
  isEnabled: false,
  brandName: '',
  primaryHex: '#05d197',
  navbarHex: '#ffffff',
};

export const whiteLabelSettingsMachine = setup({
  types: {
    context: {} as WhiteLabelSettingsContext,
    events: {} as WhiteLabelSettingsEvent,
    emitted: {} as WhiteLabelSettingsEmitted,
  },
  actors: {
    /** GET /api/organization/white-label; `src/` provides it. */
    loadSettings: fromPromise<WhiteLabelState>(async () => {
      throw new Error('not provided: loadSettings');
    }),
    /** PATCH /api/organization/white-label, resolving with the stored settings; `src/` provides it. */
    saveSettings: fromPromise<WhiteLabelState, WhiteLabelUpdateRequest>(async () => {
      throw new Error('not provided: saveSettings');
    }),
  },
  guards: {
    hasFeature: (_, params: { state: WhiteLabelState }) => params.state.hasFeature,
    isFormValid: ({ context }) => !hasFieldErrors(validate(context.values)),
    isDirty: ({ context }) => isDirtyValues(context.values, context.saved),
    isUpgradeRequired: (_, params: { error: unknown }) =>
      isServerFailure(params.error) && params.error.errorCode === 'REQUIRES_UPGRADE',
  },
  actions: {
    showSettings: assign((_, params: { state: WhiteLabelState }) => ({
      values: valuesOf(params.state),
      saved: valuesOf(params.state),
      hasFeature: params.state.hasFeature,
      iconUrl: params.state.iconUrl,
      fieldErrors: {},
      formError: null,
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      loadError: isServerFailure(params.error) ? params.error.message : NETWORK_ERROR_MESSAGE,
    })),
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return {
        values: { ...context.values, [event.field]: event.value },
        fieldErrors: withoutFieldError(context.fieldErrors, event.field),
        formError: null,
      };
    }),
    updateEnabled: assign(({ context, event }) => {
      assertEvent(event, 'enabled.change');
      return { values: { ...context.values, isEnabled: event.value }, formError: null };
    }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => validate(context.values) }),
    discardChanges: assign(({ context }) => ({ values: context.saved, fieldErrors: {}, formError: null })),
    clearFormError: assign({ formError: null }),
    showServerError: assign((_, params: { error: unknown }) => {
      const failure = describeFailure(params.error, WHITE_LABEL_FIELDS);
      // The server names its fields after the API (whiteLabelBrandName...); map them onto the form's.
      const server = isServerFailure(params.error) ? params.error.validationErrors : undefined;
      const fieldErrors = { ...failure.fieldErrors };
      if (server?.whiteLabelBrandName) fieldErrors.brandName = server.whiteLabelBrandName.message;
      if (server?.whiteLabelPrimaryHexCode) fieldErrors.primaryHex = server.whiteLabelPrimaryHexCode.message;
      if (server?.whiteLabelNavbarBackgroundHexCode)
        fieldErrors.navbarHex = server.whiteLabelNavbarBackgroundHexCode.message;
      const named = hasFieldErrors(fieldErrors);
      return {
        fieldErrors,
        formError: named
          ? null
          : (failure.formError ?? (isServerFailure(params.error) ? params.error.message : null)),
      };
    }),
    lockFeature: assign({ hasFeature: false, fieldErrors: {}, formError: null }),
    announceSaved: emit({ type: 'whiteLabel.saved' as const }),
  },
}).createMachine({
  id: 'whiteLabelSettings',
  description:
    'Organization settings → White-label: the brand name, the primary and navbar colours and the switch ' +
    'that turns white-labelling on. Plans without the feature see the form disabled with an upgrade ' +
    'notice. Saving applies at once: the session refreshes so the page title, colours and icon change.',
  context: {
    values: EMPTY,
    saved: EMPTY,
    hasFeature: false,
    iconUrl: null,
    fieldErrors: {},
    formError: null,
    loadError: null,
  },
  initial: 'loading',
  states: {
    ...loadStates({
      actor: 'loadSettings',
      names: { failed: 'loadFailed' },
      descriptions: {
        loading:
          'Asking the server for the organization’s white-label settings and whether its plan has them.',
        failed: 'The settings could not be loaded; the message is shown with “Try again”.',
      },
      onDone: [
        {
          guard: {
            type: 'hasFeature',
            params: ({ event }: LoadDone<WhiteLabelState>) => ({ state: event.output }),
          },
          target: 'ready',
          actions: {
            type: 'showSettings',
            params: ({ event }: LoadDone<WhiteLabelState>) => ({ state: event.output }),
          },
        },
        {
          target: 'locked',
          actions: {
            type: 'showSettings',
            params: ({ event }: LoadDone<WhiteLabelState>) => ({ state: event.output }),
          },
        },
      ],
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'retry' },
    }),
    locked: {
      description:
        'The plan does not include white-labelling (on loading, or the server answered REQUIRES_UPGRADE): ' +
        'the saved settings are shown disabled under the notice “Upgrade now”, which leads to /billing/plans.',
    },
    ready: {
      description:
        'The form is editable. Editing a field hides its message; “Save changes” is enabled once something ' +
        'differs from what is saved, and “Discard changes” goes back to it.',
      initial: 'editing',
      on: {
        'field.change': { target: '.editing', actions: 'updateField' },
        'enabled.change': { target: '.editing', actions: 'updateEnabled' },
        'form.reset': { guard: 'isDirty', target: '.editing', actions: 'discardChanges' },
        'form.submit': [
          { guard: not('isFormValid'), target: '.editing', actions: 'showFieldErrors' },
          { guard: and(['isFormValid', 'isDirty']), target: 'saving' },
        ],
        'upgrade.required': { target: 'locked', actions: 'lockFeature' },
      },
      states: {
        editing: {
          description:
            'Colours are typed as #rrggbb or picked; a malformed colour or a brand name over 60 characters ' +
            'shows a message under the field when saving, and nothing is sent.',
        },
        saved: {
          description:
            '“White-label settings saved.” is shown until the next edit; the app already shows them.',
          entry: 'announceSaved',
        },
        failed: {
          description:
            'The server refused (field messages under the fields, anything else above the form) or could not ' +
            'be reached. “Save changes” retries.',
        },
      },
    },
    saving: {
      description: 'The settings are on their way; the button reads “Saving…” and the form is locked.',
      entry: 'clearFormError',
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => updateRequestOf(context.values),
        onDone: {
          target: 'ready.saved',
          actions: { type: 'showSettings', params: ({ event }) => ({ state: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isUpgradeRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'locked',
            actions: 'lockFeature',
          },
          {
            target: 'ready.failed',
            actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});

export type WhiteLabelSettingsMachine = typeof whiteLabelSettingsMachine;
