/**
 * What each state of /settings/security promises (chart input: dana@example.com; the sample list is one
 * passkey, not made on this browser). The spec (README “Step-up provider”, settings API): the list shows each
 * method's name and where it lives; “Add a sign-in method” opens the add dialog (its own chart), and an added
 * method says “… added.” while the list loads again; “Remove” asks “Remove …?”; removing is a risky action sent
 * through the step-up confirmation (stepUpConfirmation, invoked as removeAuthenticator) while the
 * confirmation's buttons wait; removed (or already gone: 404) it leaves the list with “… was removed.”;
 * refused, the reason stays in the confirmation; a closed step-up dialog leaves the confirmation as it was;
 * an expired one says so there. Adding is a risky action too (issue 11): “Add a sign-in method” first runs the
 * step-up confirmation (invoked as authorizeAdding) for the enrolment token; only a token opens the add
 * dialog, which runs on it; a closed step-up dialog changes nothing, a refusal or expiry says so above the list.
 * Recovery codes (issue 11) have their own chart (recoveryCodes, invoked while it runs): only from the idle
 * page; saved, “Recovery codes saved. Each one works once.” while the list loads again; given up, nothing
 * changes; refused, its reason shows above the list. The sample user has no set: “Generate”, no summary.
 */
import { connectSecuritySettings } from '@machines/securitySettings/securitySettings.connect';
import { securitySettingsMachine } from '@machines/securitySettings/securitySettings.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { formMessage, sentBy } from './shared';

type Machine = typeof securitySettingsMachine;

const PASSKEY_ID = '11111111-1111-4111-8111-111111111111';
/** The sample passkey as the list shows it (no passkey of this browser: the view gets an empty set). */
const PASSKEY_ITEM = {
  id: PASSKEY_ID,
  method: 'PASSKEY',
  methodName: 'Passkey',
  detail: 'Passkey on another device',
  addedAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};
const EXPIRED = 'The confirmation took too long and expired. Try again.';
const ENROLMENT = { token: 'enrol.token.sample', baseUrl: '/provider/v1', tenantId: 'flightplan-local' };

const view = (step: OracleStep<Machine>) => connectSecuritySettings(step.snapshot, () => {}, new Set());
const outcomeOf = (step: OracleStep<Machine>) =>
  step.event.output as { status: 'sent' | 'refused' | 'cancelled' | 'expired'; error?: unknown };

/** The list the last answer gave (`xstate.done.actor.*Authenticators`), as items. */
const itemsOf = (output: unknown) =>
  (output as { userAuthenticatorId: string }[]).map((a) => {
    expectEqual(a.userAuthenticatorId, PASSKEY_ID, 'sample authenticator');
    return PASSKEY_ITEM;
  });

/** Everything of the ready page but the open part. */
function ready(step: OracleStep<Machine>, open: Record<string, unknown>) {
  const { items } = view(step);
  expectFields(view(step), {
    isLoading: false,
    loadError: null,
    isEmpty: items.length === 0,
    canAdd: false,
    enrolment: null,
    isRefreshing: false,
    removal: null,
    recoveryCodes: null,
    codesActionLabel: 'Generate recovery codes',
    codesText:
      'Ten single-use codes to confirm it’s you when no other method is at hand. Keep them somewhere safe.',
    canManageCodes: false,
    codesFlow: null,
    ...open,
  });
}

export const securitySettingsOracle = defineOracle(securitySettingsMachine, {
  always: (step) => {
    expectEqual(step.context.email, 'dana@example.com', 'email');
    // The enrolment token exists only while the add dialog is open.
    expectEqual(
      step.context.enrolment,
      step.snapshot.matches({ ready: 'adding' }) ? ENROLMENT : null,
      'enrolment token',
    );
  },
  events: {
    'notice.dismiss': (step) => expectEqual(view(step).notice, null, 'notice after dismiss'),
  },
  states: {
    loading: (step) =>
      expectFields(view(step), { isLoading: true, loadError: null, items: [], canAdd: false, removal: null }),
    loadFailed: (step) => {
      expectEqual(step.event.type, 'xstate.error.actor.loadAuthenticators', 'event');
      expectFields(view(step), {
        isLoading: false,
        loadError: formMessage(step.event.error),
        items: [],
        canAdd: false,
      });
      expectEqual(
        sentBy(
          (send) => connectSecuritySettings(step.snapshot, send),
          (page) => page.retry(),
        ),
        [{ type: 'retry' }],
        'Try again sends',
      );
    },
    'ready.idle': (step) => {
      // The page's buttons.
      const sends = (use: (page: ReturnType<typeof view>) => void) =>
        sentBy((send) => connectSecuritySettings(step.snapshot, send), use);
      expectEqual(
        sends((page) => page.startAdding()),
        [{ type: 'add.start' }],
        'Add a sign-in method sends',
      );
      expectEqual(
        sends((page) => page.requestRemoval('a1')),
        [{ type: 'remove.request', id: 'a1' }],
        'Remove sends',
      );
      expectEqual(
        sends((page) => page.startCodes()),
        [{ type: 'codes.start' }],
        'Generate recovery codes sends',
      );
      const { event, previous } = step;
      ready(step, { canAdd: true, canManageCodes: true });
      const { items, notice } = view(step);
      switch (event.type) {
        case 'xstate.done.actor.loadAuthenticators':
          expectEqual(items, itemsOf(event.output), 'items');
          expectEqual(notice, null, 'notice');
          break;
        case 'xstate.done.actor.refreshAuthenticators':
          expectEqual(items, itemsOf(event.output), 'items');
          expectEqual(notice, previous?.context.notice, 'notice kept');
          break;
        case 'xstate.error.actor.refreshAuthenticators':
          expectEqual(items.length, previous?.context.authenticators.length, 'items kept');
          expectEqual(
            notice,
            { tone: 'error', text: `The list could not be refreshed. ${formMessage(event.error)}` },
            'notice',
          );
          break;
        case 'xstate.done.actor.removeAuthenticator': {
          // Removed, or already gone (404): it leaves the list.
          const outcome = outcomeOf(step);
          expectThat(
            outcome.status === 'sent' ||
              (outcome.status === 'refused' && (outcome.error as { status?: number }).status === 404),
            `${outcome.status} removed the method`,
          );
          expectEqual(
            items.map((item) => item.id),
            (previous?.context.authenticators ?? [])
              .map((a) => a.userAuthenticatorId)
              .filter((id) => id !== PASSKEY_ID),
            'items',
          );
          expectEqual(notice, { tone: 'success', text: 'Passkey was removed.' }, 'notice');
          break;
        }
        case 'xstate.done.actor.authorizeAdding': {
          // Not confirmed: nothing opened; refused or expired says why above the list.
          const outcome = outcomeOf(step);
          expectThat(outcome.status !== 'sent', 'a handed-out token that did not open the dialog');
          expectEqual(items.length, previous?.context.authenticators.length, 'items kept');
          expectEqual(
            notice,
            outcome.status === 'cancelled'
              ? null
              : {
                  tone: 'error',
                  text: outcome.status === 'expired' ? EXPIRED : formMessage(outcome.error),
                },
            'notice',
          );
          break;
        }
        case 'xstate.done.actor.recoveryCodes': {
          // Not saved: given up changes nothing; refused says why above the list.
          const outcome = step.event.output as { status: string; message?: string };
          expectThat(outcome.status !== 'saved', 'saved codes without a refreshed list');
          expectEqual(items.length, previous?.context.authenticators.length, 'items kept');
          expectEqual(
            notice,
            outcome.status === 'cancelled' ? null : { tone: 'error', text: outcome.message },
            'notice',
          );
          break;
        }
        case 'add.cancel':
        case 'remove.cancel':
          expectEqual(items.length, previous?.context.authenticators.length, 'items kept');
          break;
      }
    },
    'ready.authorizingAdd': (step) => {
      expectEqual(step.event.type, 'add.start', 'event');
      // The step-up runs before any dialog opens: no add dialog, no enrolment token yet.
      ready(step, { notice: null });
      const child = (
        step.snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>
      ).authorizeAdding;
      expectThat(child !== undefined, 'no step-up confirmation running');
      expectEqual(child.getSnapshot().input, { request: null }, 'request');
    },
    'ready.adding': (step) => {
      // Only a confirmed step-up that handed out a token opens the add dialog.
      expectEqual(step.event.type, 'xstate.done.actor.authorizeAdding', 'event');
      expectEqual(outcomeOf(step).status, 'sent', 'step-up outcome');
      ready(step, { enrolment: (ref: unknown) => ref !== null && ref !== undefined, notice: null });
      const dialog = (
        step.snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>
      ).enrolAuthenticator;
      expectEqual(
        dialog?.getSnapshot().input,
        { email: 'dana@example.com', enrolment: ENROLMENT },
        'the add dialog runs on the token',
      );
    },
    'ready.managingCodes': (step) => {
      expectEqual(step.event.type, 'codes.start', 'event');
      // The codes' own chart runs (step-up first); the page's other actions wait.
      ready(step, { notice: null, codesFlow: (ref: unknown) => ref !== null && ref !== undefined });
      const child = (
        step.snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>
      ).recoveryCodes;
      expectEqual(child?.getSnapshot().input, { hasCodes: false }, 'no set yet: “Generate”');
    },
    'ready.refreshing': (step) => {
      const { event } = step;
      ready(step, { isRefreshing: true });
      if (event.type === 'xstate.done.actor.recoveryCodes') {
        expectEqual(event.output, { status: 'saved' }, 'saved');
        expectEqual(
          view(step).notice,
          { tone: 'success', text: 'Recovery codes saved. Each one works once.' },
          'notice',
        );
      }
      if (event.type === 'xstate.done.actor.enrolAuthenticator') {
        expectEqual(event.output, { method: 'AUTHENTICATOR_APP' }, 'added');
        expectEqual(view(step).notice, { tone: 'success', text: 'Authenticator app added.' }, 'notice');
      }
    },
    'ready.confirmingRemoval': (step) => {
      const { event } = step;
      let error: string | null = null;
      if (event.type === 'remove.request') {
        expectEqual(event.id, PASSKEY_ID, 'a listed method');
        expectEqual(view(step).notice, null, 'notice');
      } else {
        expectEqual(event.type, 'xstate.done.actor.removeAuthenticator', 'event');
        const outcome = outcomeOf(step);
        expectThat(outcome.status !== 'sent', 'a removed method still being confirmed');
        expectThat(
          !(outcome.status === 'refused' && (outcome.error as { status?: number }).status === 404),
          'a method already gone (404) still being confirmed',
        );
        error =
          outcome.status === 'refused'
            ? formMessage(outcome.error)
            : outcome.status === 'expired'
              ? EXPIRED
              : null;
      }
      ready(step, {
        removal: { name: 'Passkey', isRemoving: false, error },
        notice: view(step).notice,
      });
    },
    'ready.removing': (step) => {
      expectEqual(step.event.type, 'remove.confirm', 'event');
      ready(step, { removal: { name: 'Passkey', isRemoving: true, error: null } });
      // The removal goes through the step-up confirmation, for the method being confirmed.
      const child = (
        step.snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>
      ).removeAuthenticator;
      expectThat(child !== undefined, 'no step-up confirmation running');
      expectEqual(child.getSnapshot().input, { request: { id: PASSKEY_ID } }, 'request');
    },
  },
});
