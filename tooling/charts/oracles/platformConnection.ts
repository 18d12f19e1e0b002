/**
 * What each state of the platforms page's connection flow promises: Connect asks our server for the
 * consent page and then sends the browser there (nothing else can start meanwhile); Disconnect asks first,
 * then tells the list to reload; the callback's outcome is said in words; a refusal shows the server's
 * reason, a lost request the network message.
 */
import { connectPlatformConnection } from '@machines/platformConnection/platformConnection.connect';
import { platformConnectionMachine } from '@machines/platformConnection/platformConnection.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { formMessage } from './shared';

type Step = OracleStep<typeof platformConnectionMachine>;
const view = (step: Step) => connectPlatformConnection(step.snapshot, () => {});

/** Spec: the words for each way a Connect comes back without a connection. */
const REFUSED: Record<string, string> = {
  denied: 'The connection was cancelled on the platform’s consent page.',
  expired: 'That connection attempt expired or was already used. Connect again.',
  failed: 'The platform refused to connect. Try again.',
};

const request = (step: Step, id: string) =>
  (step.snapshot.children[id] as { options?: { input?: unknown } } | undefined)?.options?.input;

export const platformConnectionOracle = defineOracle(platformConnectionMachine, {
  states: {
    idle: (step) => {
      // Back after closing Connect's step-up dialog: nothing was started, nothing is said.
      if (step.event.type === 'xstate.done.actor.startConnect') {
        expectEqual((step.event.output as { status: string }).status, 'cancelled', 'ending');
      }
      expectFields(view(step), {
        phase: 'idle',
        canAct: true,
        notice: null,
        busyPlatform: null,
        confirming: null,
      });
    },
    connected: (step) => {
      const returned = step.event.returned as { connected: { platform: string; displayName: string } };
      expectFields(view(step), {
        phase: 'connected',
        canAct: true,
        notice: { tone: 'success', text: `${returned.connected.displayName} is connected.` },
      });
      // Said in the card of the platform that came back connected.
      expectEqual(view(step).noticePlatform, returned.connected.platform, 'where');
    },
    connectRefused: (step) => {
      const returned = step.event.returned as { connectError: string };
      expectFields(view(step), {
        phase: 'connectRefused',
        canAct: true,
        notice: { tone: 'error', text: REFUSED[returned.connectError]! },
        // About no one platform: said above the list.
        noticePlatform: null,
      });
    },
    starting: (step) => {
      // Through the step-up confirmation: over an existing connection the server first asks to confirm.
      expectEqual(
        request(step, 'startConnect'),
        { request: { platform: step.event.platform, returnTo: '/platforms' } },
        'request',
      );
      expectFields(view(step), {
        phase: 'starting',
        canAct: false,
        busyPlatform: step.event.platform,
        notice: null,
      });
    },
    redirecting: (step) => {
      const ending = step.event.output as { status: string; response: { authorizationUrl: string } };
      expectEqual(ending.status, 'sent', 'ending');
      const url = ending.response.authorizationUrl;
      expectEqual(step.emitted, [{ type: 'redirect', url }], 'the browser is sent to the consent page');
      expectFields(view(step), { phase: 'redirecting', canAct: false, notice: null });
    },
    confirmingDisconnect: (step) => {
      // Asked by Disconnect, or back after closing the step-up dialog: nothing was done, the same question.
      const closedStepUp = step.event.type === 'xstate.done.actor.disconnect';
      if (closedStepUp) expectEqual((step.event.output as { status: string }).status, 'cancelled', 'ending');
      const asked = closedStepUp
        ? step.previous!.context.target
        : { platform: step.event.platform as string, displayName: step.event.displayName as string };
      expectFields(view(step), {
        phase: 'confirmingDisconnect',
        canAct: false,
        notice: null,
        confirming: asked,
      });
      expectEqual(step.emitted, [], 'the list does not reload');
    },
    disconnecting: (step) => {
      // The request goes through the step-up confirmation (the server may first ask to confirm it's them).
      const input = request(step, 'disconnect') as { request: { platform: string } } | undefined;
      expectThat(input !== undefined, 'no disconnect request on its way');
      expectFields(view(step), { phase: 'disconnecting', canAct: false, confirming: null });
      expectEqual(view(step).busyPlatform, input!.request.platform, 'busy');
    },
    syncing: (step) => {
      expectEqual(request(step, 'requestSync'), { platform: step.event.platform }, 'request');
      expectFields(view(step), {
        phase: 'syncing',
        canAct: false,
        busyPlatform: step.event.platform,
        notice: null,
      });
    },
    syncQueued: (step) => {
      expectEqual(step.emitted, [{ type: 'connections.changed' }], 'the list reloads (its last sync line)');
      expectThat(view(step).notice?.tone === 'success', 'a success notice');
      expectThat(
        /: a delivery sync is on its way\.$/.test(view(step).notice?.text ?? ''),
        'says the sync is on its way',
      );
      expectFields(view(step), {
        phase: 'syncQueued',
        canAct: true,
        noticePlatform: step.context.target?.platform,
      });
    },
    disconnected: (step) => {
      expectEqual(step.emitted, [{ type: 'connections.changed' }], 'the list reloads');
      expectThat(view(step).notice?.tone === 'success', 'a success notice');
      expectThat(/ is disconnected\.$/.test(view(step).notice?.text ?? ''), 'says it is disconnected');
      // In the card of the platform whose button was pressed, where the person is looking.
      expectFields(view(step), {
        phase: 'disconnected',
        canAct: true,
        noticePlatform: step.context.target?.platform,
      });
    },
    failed: (step) => {
      const ending = step.event.output as { status: string; error?: unknown } | undefined;
      const throughStepUp =
        step.event.type === 'xstate.done.actor.disconnect' ||
        step.event.type === 'xstate.done.actor.startConnect';
      const text = !throughStepUp
        ? formMessage(step.event.error)
        : ending?.status === 'expired'
          ? 'The confirmation took too long and expired. Try again.'
          : formMessage(ending?.error);
      expectFields(view(step), {
        phase: 'failed',
        canAct: true,
        notice: { tone: 'error', text },
        // A refusal ("Pinterest runs 1 campaign of this account…") shows in the card of the platform refused.
        noticePlatform: step.context.target?.platform ?? null,
      });
      expectEqual(step.emitted, [], 'the list does not reload');
    },
  },
});
