import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import type {
  ApproverCandidate,
  RevisionHistoryContext,
  RevisionHistoryEvent,
  RevisionHistoryInput,
  RevisionSummary,
  SubmitInput,
} from './revisionHistory.types';

/** The server's answer to sending a plan that did not change since the last revision sent. */
export const REVISION_UNCHANGED = 'REVISION_UNCHANGED';
export const CHOOSE_APPROVERS_MESSAGE = 'Choose at least one approver';

/** Cancel closes the dialog (not while sending: the send cannot be taken back). */
const CLOSED = '#revisionHistory.ready';

const messageOf = (error: unknown) => (isServerFailure(error) ? error.message : NETWORK_ERROR_MESSAGE);
const isUnchangedError = (error: unknown) => isServerFailure(error) && error.errorCode === REVISION_UNCHANGED;

/** "Cleo Client", "Cleo Client and Max Mustermann", "A, B and C". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The draft (the plan as it is now, not sent yet), if the plan changed since the last revision sent. */
export const draftOf = (revisions: readonly RevisionSummary[]) => revisions.find((r) => r.status === 'draft');

export const revisionHistoryMachine = setup({
  types: {
    context: {} as RevisionHistoryContext,
    events: {} as RevisionHistoryEvent,
    input: {} as RevisionHistoryInput,
  },
  actors: {
    /** GET /api/campaigns/{id}/revisions; `src/` provides it. */
    loadRevisions: fromPromise<RevisionSummary[], { campaignId: string }>(async () => {
      throw new Error('not provided: loadRevisions');
    }),
    /** GET /api/campaigns/{id}/approvers; `src/` provides it. */
    loadApprovers: fromPromise<ApproverCandidate[], { campaignId: string }>(async () => {
      throw new Error('not provided: loadApprovers');
    }),
    /** POST /api/campaigns/{id}/revisions/submit, resolving with `{ number, hash }`; `src/` provides it. */
    submitRevision: fromPromise<{ number: number; hash: string }, SubmitInput>(async () => {
      throw new Error('not provided: submitRevision');
    }),
  },
  guards: {
    /** The role may send plans for approval and there is a draft to send. */
    canSend: ({ context }) => context.canSubmit && draftOf(context.revisions) !== undefined,
    hasChosen: ({ context }) => context.chosen.length > 0,
    isApprover: ({ context, event }) =>
      event.type === 'approver.toggle' && context.approvers.some((a) => a.id === event.id),
    hasNotice: ({ context }) => context.notice !== null,
    isUnchanged: (_, params: { error: unknown }) => isUnchangedError(params.error),
  },
  actions: {
    showRevisions: assign((_, params: { revisions: RevisionSummary[] }) => ({
      revisions: params.revisions,
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error) })),
    openDialog: assign({
      approvers: [],
      chosen: [],
      approversError: null,
      approverIdsError: null,
      sendError: null,
      notice: null,
    }),
    showApprovers: assign((_, params: { approvers: ApproverCandidate[] }) => ({
      approvers: params.approvers,
      chosen: params.approvers.filter((a) => a.isDefault).map((a) => a.id),
      approversError: null,
    })),
    showApproversError: assign((_, params: { error: unknown }) => ({
      approversError: messageOf(params.error),
    })),
    toggleApprover: assign(({ context, event }) => {
      assertEvent(event, 'approver.toggle');
      const chosen = context.chosen.includes(event.id)
        ? context.chosen.filter((id) => id !== event.id)
        : [...context.chosen, event.id];
      return { chosen, approverIdsError: null, sendError: null };
    }),
    askForApprovers: assign({ approverIdsError: CHOOSE_APPROVERS_MESSAGE, sendError: null }),
    clearSendErrors: assign({ approverIdsError: null, sendError: null }),
    showSent: assign(({ context }, params: { number: number }) => {
      const names = context.approvers.filter((a) => context.chosen.includes(a.id)).map((a) => a.name);
      return {
        notice: {
          tone: 'success' as const,
          text: `Revision ${params.number} sent to ${namesInWords(names)} for approval`,
        },
      };
    }),
    showUnchanged: assign((_, params: { error: unknown }) => ({
      notice: { tone: 'info' as const, text: messageOf(params.error) },
    })),
    showSendError: assign((_, params: { error: unknown }) => {
      const { error } = params;
      const field = isServerFailure(error) ? error.validationErrors?.approverIds?.message : undefined;
      return { approverIdsError: field ?? null, sendError: field ? null : messageOf(error) };
    }),
    clearNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'revisionHistory',
  description:
    'Campaign page → “Revisions” tab: the plan’s revisions, newest first, with who sent each, who was asked, ' +
    'and what they decided. Planners send the draft for approval, choosing the approvers (the account’s ' +
    'clients are ticked by default).',
  context: ({ input }) => ({
    ...input,
    revisions: [],
    loadError: null,
    approvers: [],
    chosen: [],
    approversError: null,
    approverIdsError: null,
    sendError: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    ...loadStates({
      actor: 'loadRevisions',
      input: (context: RevisionHistoryContext) => ({ campaignId: context.campaignId }),
      descriptions: {
        loading: 'Asking the server for the plan’s revisions.',
        failed: 'The revisions could not be loaded; the message is shown with “Try again”.',
      },
      onDone: {
        target: 'ready',
        actions: {
          type: 'showRevisions',
          params: ({ event }: LoadDone<RevisionSummary[]>) => ({ revisions: event.output }),
        },
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'retry' },
    }),
    ready: {
      description:
        'The revisions are listed newest first: number, status, who sent it and when, the approvers, and the ' +
        'decision (who approved, the name they typed and how they confirmed it was them; or the comment ' +
        'asking for changes). While there is a draft, planners see “Send for approval”. A notice (sent, ' +
        'nothing changed) stays until dismissed.',
      on: {
        'send.open': { guard: 'canSend', target: 'sendDialog', actions: 'openDialog' },
        'notice.dismiss': { guard: 'hasNotice', actions: 'clearNotice' },
      },
    },
    sendDialog: {
      description: 'The “Send for approval” dialog is open.',
      initial: 'loadingApprovers',
      states: {
        loadingApprovers: {
          description: 'Asking who may be asked to approve this campaign.',
          on: { 'send.cancel': { target: CLOSED } },
          invoke: {
            id: 'loadApprovers',
            src: 'loadApprovers',
            input: ({ context }) => ({ campaignId: context.campaignId }),
            onDone: {
              target: 'choosing',
              actions: { type: 'showApprovers', params: ({ event }) => ({ approvers: event.output }) },
            },
            onError: {
              target: 'approversFailed',
              actions: { type: 'showApproversError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        approversFailed: {
          description: 'The approvers could not be listed; the message is shown with “Try again”.',
          on: { 'approvers.retry': { target: 'loadingApprovers' }, 'send.cancel': { target: CLOSED } },
        },
        choosing: {
          description:
            'The approvers as checkboxes (the account’s clients ticked). “Send” with nobody ticked asks to ' +
            'choose someone; a refusal of the server shows under the list (or above it when it names no field).',
          on: {
            'approver.toggle': { guard: 'isApprover', actions: 'toggleApprover' },
            'send.cancel': { target: CLOSED },
            'send.confirm': [
              { guard: not('hasChosen'), actions: 'askForApprovers' },
              { guard: 'hasChosen', target: 'sending' },
            ],
          },
        },
        sending: {
          description:
            'The draft is being frozen and sent; the button reads “Sending…” and nothing can change.',
          entry: 'clearSendErrors',
          invoke: {
            id: 'submitRevision',
            src: 'submitRevision',
            input: ({ context }) => ({ campaignId: context.campaignId, approverIds: context.chosen }),
            onDone: {
              target: '#revisionHistory.refreshing',
              actions: { type: 'showSent', params: ({ event }) => ({ number: event.output.number }) },
            },
            onError: [
              {
                guard: { type: 'isUnchanged', params: ({ event }) => ({ error: event.error }) },
                target: '#revisionHistory.refreshing',
                actions: { type: 'showUnchanged', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'choosing',
                actions: { type: 'showSendError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    refreshing: {
      description:
        'The dialog closed with the notice (“Revision 2 sent to Cleo Client for approval”, or that nothing ' +
        'changed since the last revision sent); the list is read again to show the new status.',
      invoke: {
        id: 'refreshRevisions',
        src: 'loadRevisions',
        input: ({ context }) => ({ campaignId: context.campaignId }),
        onDone: {
          target: 'ready',
          actions: { type: 'showRevisions', params: ({ event }) => ({ revisions: event.output }) },
        },
        // The list shown stays; the notice says what happened.
        onError: { target: 'ready' },
      },
    },
  },
});

export type RevisionHistoryMachine = typeof revisionHistoryMachine;
