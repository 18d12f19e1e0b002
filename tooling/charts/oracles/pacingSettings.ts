/** What each state of Settings → Pacing alerts promises (issue 28). */
import { connectPacingSettings } from '@machines/pacingSettings/pacingSettings.connect';
import { pacingSettingsMachine } from '@machines/pacingSettings/pacingSettings.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { fieldMessage, formMessage, NETWORK_MESSAGE } from './shared';

type Machine = typeof pacingSettingsMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectPacingSettings(step.snapshot, () => {});

/** The rule, written out again: a whole number of per cent from 1 to 100. */
const isThreshold = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 100;

export const pacingSettingsOracle = defineOracle(pacingSettingsMachine, {
  events: {
    'xstate.done.actor.loadSettings': ({ context, event }) => {
      const loaded = event.output as { underPercent: number; overPercent: number };
      expectFields(context.values, {
        underPercent: String(loaded.underPercent),
        overPercent: String(loaded.overPercent),
      });
    },
    'field.change': ({ context, event }) => {
      expectEqual(
        context.values[event.field as 'underPercent'],
        event.value,
        'the field holds what was typed',
      );
      expectEqual(context.fieldErrors[event.field as 'underPercent'], undefined, 'its error cleared');
    },
    'defaults.use': ({ context }) => expectFields(context.values, { underPercent: '15', overPercent: '15' }),
    'form.submit': ({ context, snapshot }) => {
      const valid = isThreshold(context.values.underPercent) && isThreshold(context.values.overPercent);
      // An invalid form never leaves; each invalid field says why.
      expectEqual(snapshot.matches('saving'), valid, 'saves only a valid form');
      if (!valid) {
        expectEqual(
          Boolean(context.fieldErrors.underPercent),
          !isThreshold(context.values.underPercent),
          'under',
        );
        expectEqual(
          Boolean(context.fieldErrors.overPercent),
          !isThreshold(context.values.overPercent),
          'over',
        );
      }
      const fields = view({ snapshot } as Step).fields;
      for (const field of fields)
        if (!isThreshold(field.value))
          expectThat((field.error ?? '').includes('threshold'), `${field.name} names its threshold`);
    },
    'xstate.done.actor.saveSettings': ({ context, event }) => {
      const saved = event.output as { underPercent: number; overPercent: number };
      expectEqual(context.values.underPercent, String(saved.underPercent), 'shows what was saved');
      expectThat((context.notice ?? '').startsWith('Saved.'), 'says it was saved');
      expectThat((context.notice ?? '').includes(`${saved.underPercent} %`), 'names the thresholds');
    },
    'xstate.error.actor.saveSettings': ({ context, event }) => {
      const named = fieldMessage(event.error, 'overPercent') ?? fieldMessage(event.error, 'underPercent');
      if (named) {
        expectEqual(context.error, null, 'said beside the field');
        expectThat(Object.values(context.fieldErrors).includes(named), 'the field shows the refusal');
      } else expectEqual(context.error, formMessage(event.error), 'the refusal');
    },
    'notice.dismiss': ({ context }) => expectFields(context, { notice: null, error: null }),
  },
  states: {
    loading: (step) => expectFields(view(step), { isLoading: true, loadError: null }),
    failed: (step) => expectFields(view(step), { isLoading: false, loadError: NETWORK_MESSAGE }),
    ready: (step) => {
      const v = view(step);
      expectFields(v, {
        isLoading: false,
        loadError: null,
        isSaving: false,
        isLocked: !step.context.canManage,
      });
      expectEqual(
        v.fields.map((f) => f.name),
        ['underPercent', 'overPercent'],
        'two fields, under then over',
      );
    },
    saving: (step) => {
      expectThat(step.context.canManage, 'saved without the right');
      expectFields(view(step), { isSaving: true, isLocked: true, notice: null, error: null });
    },
  },
});
