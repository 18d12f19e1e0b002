import { assign, emit, setup } from 'xstate';
import { describeFailure, isServerFailure } from '../shared/errors';
import {
  STEP_UP_EXPIRED_MESSAGE,
  type StepUpConfirmationInput,
  type StepUpConfirmationOutput,
  stepUpConfirmationMachine,
} from '../stepUpConfirmation';
import type {
  PlacementRequest,
  PlacementToggleContext,
  PlacementToggleEmitted,
  PlacementToggleEvent,
  PlacementToggleInput,
} from './placementToggle.types';

/** What a refusal says: the server's business reason (“TikTok is already paused.”), else the failure. */
export function refusalMessage(error: unknown): string {
  if (isServerFailure(error) && error.businessError?.message) return error.businessError.message;
  return describeFailure(error, []).formError ?? 'Sorry, something went wrong.';
}

type Outcome = { outcome: StepUpConfirmationOutput };

export const placementToggleMachine = setup({
  types: {
    context: {} as PlacementToggleContext,
    events: {} as PlacementToggleEvent,
    input: {} as PlacementToggleInput,
    emitted: {} as PlacementToggleEmitted,
  },
  actors: {
    /**
     * Sends the pause or resume of one platform, asking the person to confirm it's them when the server
     * wants it (resuming): the step-up confirmation chart; `src/` provides its request and dialog.
     */
    sendToggle: stepUpConfirmationMachine,
  },
  guards: {
    isSent: (_, { outcome }: Outcome) => outcome.status === 'sent',
    isRefused: (_, { outcome }: Outcome) => outcome.status === 'refused',
    isExpired: (_, { outcome }: Outcome) => outcome.status === 'expired',
  },
  actions: {
    keepRequest: assign(({ event }) => ({
      request: {
        platformKey: event.platformKey,
        platformName: event.platformName,
        action: event.type === 'platform.pause' ? ('pause' as const) : ('resume' as const),
      },
      refusal: null,
    })),
    announceSent: emit(({ context }) => ({
      type: 'placement.sent' as const,
      platformKey: context.request!.platformKey,
      action: context.request!.action,
    })),
    showRefusal: assign(({ context }, { outcome }: Outcome) => ({
      refusal: {
        platformKey: context.request!.platformKey,
        message: refusalMessage(outcome.status === 'refused' ? outcome.error : null),
      },
    })),
    showExpired: assign(({ context }) => ({
      refusal: { platformKey: context.request!.platformKey, message: STEP_UP_EXPIRED_MESSAGE },
    })),
    forgetRequest: assign({ request: null }),
  },
}).createMachine({
  id: 'placementToggle',
  description:
    'Pausing or resuming a campaign on one platform from its row on the campaign page (TikTok alone, say): ' +
    'the request goes to the server, resuming through “Confirm it’s you”; the page then follows the job ' +
    'while the campaign’s status follows its platforms.',
  context: ({ input }) => ({ campaignId: input.campaignId, request: null, refusal: null }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'Each platform’s row offers Pause while it runs and Resume while it is paused, as the lifecycle ' +
        'charts allow (nothing while a job works on the campaign). A refusal is said in the row of the ' +
        'platform it is about, next to its button.',
      on: {
        'platform.pause': { target: 'sending', actions: 'keepRequest' },
        'platform.resume': { target: 'sending', actions: 'keepRequest' },
      },
    },
    sending: {
      description:
        'The request is on its way: the row’s button reads “Pausing…” or “Resuming…” and every row’s ' +
        'buttons wait. Resuming may first open the step-up dialog; closing it changes nothing, and if it ' +
        'expires the row says so.',
      invoke: {
        id: 'sendToggle',
        src: 'sendToggle',
        input: ({ context }): StepUpConfirmationInput<PlacementRequest> => ({
          request: {
            campaignId: context.campaignId,
            platformKey: context.request!.platformKey,
            action: context.request!.action,
          },
        }),
        onDone: [
          {
            guard: { type: 'isSent', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: ['announceSent', 'forgetRequest'],
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: [
              { type: 'showRefusal', params: ({ event }) => ({ outcome: event.output }) },
              'forgetRequest',
            ],
          },
          {
            guard: { type: 'isExpired', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: ['showExpired', 'forgetRequest'],
          },
          { target: 'idle', actions: 'forgetRequest' },
        ],
      },
    },
  },
});

export type PlacementToggleMachine = typeof placementToggleMachine;
