/** What each state of the white-label settings form promises. */
import { connectWhiteLabelSettings } from '@machines/whiteLabelSettings/whiteLabelSettings.connect';
import { whiteLabelSettingsMachine } from '@machines/whiteLabelSettings/whiteLabelSettings.machine';
import type { WhiteLabelValues } from '@machines/whiteLabelSettings/whiteLabelSettings.types';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { NETWORK_MESSAGE, sentBy } from './shared';

type Machine = typeof whiteLabelSettingsMachine;
const HEX_MESSAGE = 'Use a colour in the form #rrggbb';
const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value.trim());
/** Spec: what is saved is the trimmed name and lower-case colours; the form is dirty when that differs. */
const stored = (v: WhiteLabelValues) => [
  v.isEnabled,
  v.brandName.trim(),
  v.primaryHex.trim().toLowerCase(),
  v.navbarHex.trim().toLowerCase(),
];
const isDirty = (values: WhiteLabelValues, saved: WhiteLabelValues) =>
  stored(values).some((value, i) => value !== stored(saved)[i]);
const isValid = (v: WhiteLabelValues) =>
  v.brandName.trim().length <= 60 && isHex(v.primaryHex) && isHex(v.navbarHex);
const valuesOf = (state: {
  isEnabled: boolean;
  brandName: string;
  primaryHex: string;
  navbarHex: string;
}) => ({
  isEnabled: state.isEnabled,
  brandName: state.brandName,
  primaryHex: state.primaryHex,
  navbarHex: state.navbarHex,
});

const ready =
  (phase: 'editing' | 'saved' | 'failed', more: OracleCheck<Machine>): OracleCheck<Machine> =>
  (step) => {
    const { snapshot, context, emitted } = step;
    const dirty = isDirty(context.values, context.saved);
    expectFields(
      connectWhiteLabelSettings(snapshot, () => {}),
      {
        isLoading: false,
        needsUpgrade: false,
        isDisabled: false,
        isSaving: false,
        isDirty: dirty,
        isSaved: phase === 'saved',
        canSave: dirty,
        canDiscard: dirty,
        submitLabel: 'Save changes',
      },
    );
    expectEqual(context.hasFeature, true, 'plan has the feature');
    if (phase !== 'saved') expectEqual(emitted, [], 'emitted');
    more(step);
  };

export const whiteLabelSettingsOracle = defineOracle(whiteLabelSettingsMachine, {
  events: {
    'field.change': ({ context, event, previous }) => {
      const field = event.field as keyof WhiteLabelValues;
      expectEqual(
        context.values,
        { ...previous!.context.values, [field]: event.value },
        'values after typing',
      );
      expectEqual(
        (context.fieldErrors as Record<string, unknown>)[field],
        undefined,
        'typing hides the field message',
      );
      expectEqual(context.formError, null, 'form message');
    },
    'enabled.change': ({ context, event, previous }) => {
      expectEqual(
        context.values,
        { ...previous!.context.values, isEnabled: event.value },
        'values after the switch',
      );
    },
    'form.reset': ({ context }) => {
      expectEqual(context.values, context.saved, 'discarded to what is saved');
      expectEqual(context.fieldErrors, {}, 'field messages');
    },
    'xstate.done.actor.*': ({ context, event }) => {
      const state = event.output as Parameters<typeof valuesOf>[0] & {
        iconUrl: string | null;
        hasFeature: boolean;
      };
      expectFields(
        context,
        {
          values: valuesOf(state),
          saved: valuesOf(state),
          iconUrl: state.iconUrl,
          hasFeature: state.hasFeature,
          fieldErrors: {},
          formError: null,
        },
        'settings from the server',
      );
    },
  },
  states: {
    loading: ({ snapshot }) => {
      expectFields(
        connectWhiteLabelSettings(snapshot, () => {}),
        {
          isLoading: true,
          isDisabled: true,
          loadError: null,
          canSave: false,
        },
      );
    },
    loadFailed: ({ snapshot }) => {
      // “Try again” asks again.
      expectEqual(
        sentBy(
          (send) => connectWhiteLabelSettings(snapshot, send),
          (shown) => shown.retry(),
        ),
        [{ type: 'retry' }],
        'Try again sends',
      );
      expectFields(
        connectWhiteLabelSettings(snapshot, () => {}),
        {
          isLoading: false,
          isDisabled: true,
          loadError: NETWORK_MESSAGE,
          canSave: false,
        },
      );
    },
    locked: ({ snapshot, context, event }) => {
      const why =
        (event.type === 'xstate.done.actor.loadSettings' &&
          !(event.output as { hasFeature: boolean }).hasFeature) ||
        event.type === 'upgrade.required' ||
        (event.type === 'xstate.error.actor.saveSettings' &&
          (event.error as { errorCode?: string }).errorCode === 'REQUIRES_UPGRADE');
      expectThat(why, `locked after ${event.type}`);
      expectEqual(context.hasFeature, false, 'plan has the feature');
      expectFields(
        connectWhiteLabelSettings(snapshot, () => {}),
        {
          needsUpgrade: true,
          isDisabled: true,
          canSave: false,
          canDiscard: false,
        },
      );
    },
    'ready.editing': ready('editing', ({ context, event }) => {
      if (event.type === 'form.submit') {
        // Nothing is sent: a colour is malformed (the samples' only invalid value), and it says so.
        expectThat(!isValid(context.values), 'valid changes were not saved');
        expectEqual(
          context.fieldErrors.navbarHex,
          isHex(context.values.navbarHex) ? undefined : HEX_MESSAGE,
          'navbar message',
        );
      }
    }),
    'ready.saved': ready('saved', ({ emitted, event }) => {
      expectEqual(event.type, 'xstate.done.actor.saveSettings', 'event');
      expectEqual(emitted, [{ type: 'whiteLabel.saved' }], 'emitted');
    }),
    'ready.failed': ready('failed', ({ context, event, previous }) => {
      // The server's field names map onto the form's: whiteLabelBrandName → brand name.
      const named = (event.error as { validationErrors?: Record<string, { message: string }> })
        .validationErrors;
      expectEqual(context.fieldErrors.brandName, named?.whiteLabelBrandName?.message, 'brand name message');
      expectEqual(
        context.formError,
        named ? null : (event.error as { message: string }).message,
        'form message',
      );
      expectEqual(context.values, previous?.context.values, 'values kept');
    }),
    saving: ({ snapshot, context }) => {
      expectThat(
        isValid(context.values) && isDirty(context.values, context.saved),
        'saving invalid or unchanged values',
      );
      expectFields(
        connectWhiteLabelSettings(snapshot, () => {}),
        {
          isSaving: true,
          isDisabled: true,
          canSave: false,
          submitLabel: 'Saving…',
          formError: null,
        },
      );
    },
  },
});
