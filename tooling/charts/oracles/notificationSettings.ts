/** What Settings → Notifications promises (issue 27): a box per kind, each saved at once, the answer shown. */
import type { NotificationPreference } from '@contract/notifications';
import { connectNotificationSettings } from '@machines/notificationSettings/notificationSettings.connect';
import { notificationSettingsMachine } from '@machines/notificationSettings/notificationSettings.machine';
import { defineOracle, expectEqual, expectFields, type OracleCheck } from '../oracle';
import { formMessage, NETWORK_MESSAGE, sentBy } from './shared';

type Machine = typeof notificationSettingsMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectNotificationSettings(step.snapshot, () => {});

export const notificationSettingsOracle = defineOracle(notificationSettingsMachine, {
  events: {
    'xstate.done.actor.savePreference': ({ context, event, previous }) => {
      const saved = event.output as NotificationPreference[];
      const kind = previous!.context.pending!.kind;
      const row = saved.find((p) => p.kind === kind)!;
      expectFields(context, {
        preferences: saved,
        error: null,
        notice: `${row.email ? 'E-mail on' : 'E-mail off'}: ${row.label.toLowerCase()}.`,
      });
    },
    'xstate.error.actor.savePreference': ({ context, event, previous }) => {
      expectEqual(context.preferences, previous!.context.preferences, 'unchanged');
      expectEqual(context.error, formMessage(event.error), 'the refusal');
    },
    'xstate.done.actor.saveDigest': ({ context, event }) => {
      const on = (event.output as { pacingDigest: boolean }).pacingDigest;
      expectFields(context, { digest: on, error: null });
      // Says what was chosen, in words: on (and what it sends) or off.
      expectEqual(
        /^Daily pacing digest (on|off)\b/.exec(context.notice ?? '')?.[1],
        on ? 'on' : 'off',
        'notice',
      );
    },
    'xstate.error.actor.saveDigest': ({ context, event, previous }) => {
      expectEqual(context.digest, previous!.context.digest, 'unchanged');
      expectEqual(context.error, formMessage(event.error), 'the refusal');
    },
    'notice.dismiss': ({ context }) => expectFields(context, { notice: null, error: null }),
  },
  states: {
    loading: (step) => expectFields(view(step), { isLoading: true, loadError: null }),
    failed: (step) => {
      expectFields(view(step), { isLoading: false, loadError: NETWORK_MESSAGE });
      expectEqual(
        sentBy(
          (send) => connectNotificationSettings(step.snapshot, send),
          (v) => v.retry(),
        ),
        [{ type: 'retry' }],
        'Try again sends',
      );
    },
    ready: (step) =>
      expectFields(view(step), {
        isLoading: false,
        isSaving: false,
        digest: step.context.digest,
        rows: step.context.preferences.map(({ kind, label, email }) => ({ kind, label, email })),
      }),
    savingDigest: (step) => {
      const { event } = step;
      expectEqual(event.type, 'digest.change', 'the digest box moved');
      expectFields(view(step), { isSaving: true, digest: event.value, notice: null, error: null });
    },
    saving: (step) => {
      const { event } = step;
      expectEqual(event.type, 'email.change', 'a box moved');
      const shown = view(step).rows.find((r) => r.kind === (event as { kind?: string }).kind);
      expectEqual(shown?.email, (event as { email?: boolean }).email, 'the box shows the new value');
      expectFields(view(step), { isSaving: true, notice: null, error: null });
    },
  },
});
