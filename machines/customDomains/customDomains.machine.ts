import { DomainSchema } from '@contract/whiteLabel';
import * as v from 'valibot';
import { and, assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import type {
  CustomDomainsContext,
  CustomDomainsEvent,
  CustomDomainsInput,
  DomainRequestInput,
  OrganizationDomain,
} from './customDomains.types';

/** The domain as it will be stored (trimmed, lower case), or the contract's message. */
export function parseDomain(draft: string): { domain: string } | { message: string } {
  const parsed = v.safeParse(DomainSchema, draft);
  return parsed.success ? { domain: parsed.output } : { message: parsed.issues[0].message };
}

/** The sign-in page that shows the organization's brand on `domain`. */
export const signInUrlOf = (domain: string) => `https://${domain}/auth/login`;

const messageOf = (error: unknown) => (isServerFailure(error) ? error.message : NETWORK_ERROR_MESSAGE);

export const customDomainsMachine = setup({
  types: {
    context: {} as CustomDomainsContext,
    events: {} as CustomDomainsEvent,
    input: {} as CustomDomainsInput,
  },
  actors: {
    /** GET /api/organizations/{orgId}/domains; `src/` provides it. */
    loadDomains: fromPromise<OrganizationDomain[], { organizationId: string }>(async () => {
      throw new Error('not provided: loadDomains');
    }),
    /** POST /api/organizations/{orgId}/domains, resolving with the stored domain; `src/` provides it. */
    addDomain: fromPromise<OrganizationDomain, DomainRequestInput>(async () => {
      throw new Error('not provided: addDomain');
    }),
    /** DELETE /api/organizations/{orgId}/domains/{domain}; `src/` provides it. */
    removeDomain: fromPromise<void, DomainRequestInput>(async () => {
      throw new Error('not provided: removeDomain');
    }),
  },
  guards: {
    /** The role may manage and the plan has white-labelling. */
    canAdd: ({ context }) => context.canManage && context.hasFeature,
    /** The role may manage and the domain is one of the list's. */
    canRemove: ({ context, event }) =>
      context.canManage &&
      event.type === 'domain.remove' &&
      context.domains.some((d) => d.domain === event.domain),
    /** A notice or a failure is shown (with “Dismiss”). */
    hasMessage: ({ context }) => context.notice !== null || context.error !== null,
    isDomainValid: ({ context }) => 'domain' in parseDomain(context.draft),
  },
  actions: {
    showDomains: assign((_, params: { domains: OrganizationDomain[] }) => ({
      domains: params.domains,
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error) })),
    updateDraft: assign(({ event }) => {
      assertEvent(event, 'domain.change');
      return { draft: event.value, domainError: null, error: null };
    }),
    showDomainError: assign(({ context }) => {
      const parsed = parseDomain(context.draft);
      return { domainError: 'message' in parsed ? parsed.message : null, notice: null };
    }),
    clearMessages: assign({ domainError: null, error: null, notice: null }),
    showAdded: assign(({ context }, params: { domain: OrganizationDomain }) => ({
      domains: [...context.domains.filter((d) => d.domain !== params.domain.domain), params.domain],
      draft: '',
      notice: `${params.domain.domain} added. Its sign-in page: ${signInUrlOf(params.domain.domain)}`,
    })),
    showAddError: assign((_, params: { error: unknown }) => {
      const { error } = params;
      const field = isServerFailure(error) ? error.validationErrors?.domain?.message : undefined;
      const upgrade = isServerFailure(error) && error.errorCode === 'REQUIRES_UPGRADE';
      return {
        domainError: field ?? null,
        error: field ? null : messageOf(error),
        ...(upgrade ? { hasFeature: false } : {}),
      };
    }),
    askRemoval: assign(({ event }) => {
      assertEvent(event, 'domain.remove');
      return { pending: event.domain, error: null, notice: null };
    }),
    forgetRemoval: assign({ pending: null }),
    showRemoved: assign(({ context }) => ({
      domains: context.domains.filter((d) => d.domain !== context.pending),
      notice: `${context.pending} removed. Its sign-in page shows Flightplan again.`,
      pending: null,
    })),
    showRemoveError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error),
      pending: null,
    })),
  },
}).createMachine({
  id: 'customDomains',
  description:
    'Organization settings → White-label → Custom domains: the domains whose sign-in page shows the ' +
    'organization’s brand. Owners and admins on a plan with white-labelling add and remove them; everyone ' +
    'else sees the list with the form disabled and the reason.',
  context: ({ input }) => ({
    ...input,
    domains: [],
    draft: '',
    domainError: null,
    error: null,
    notice: null,
    pending: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    ...loadStates({
      actor: 'loadDomains',
      input: (context: CustomDomainsContext) => ({ organizationId: context.organizationId }),
      names: { failed: 'loadFailed' },
      descriptions: {
        loading: 'Asking the server for the organization’s custom domains.',
        failed: 'The domains could not be loaded; the message is shown with “Try again”.',
      },
      onDone: {
        target: 'ready',
        actions: {
          type: 'showDomains',
          params: ({ event }: LoadDone<OrganizationDomain[]>) => ({ domains: event.output }),
        },
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'retry' },
    }),
    ready: {
      description:
        'The domains are listed, each with its sign-in page. The “Domain” field and “Add domain” are enabled ' +
        'for owners and admins on a plan with white-labelling (otherwise disabled, with the reason). A ' +
        'malformed domain shows the contract’s message under the field and nothing is sent. A notice (added, ' +
        'removed) or a failure stays until dismissed or the next action.',
      on: {
        'domain.change': { guard: 'canAdd', actions: 'updateDraft' },
        'domain.add': [
          { guard: and(['canAdd', not('isDomainValid')]), actions: 'showDomainError' },
          { guard: and(['canAdd', 'isDomainValid']), target: 'adding' },
        ],
        'domain.remove': { guard: 'canRemove', target: 'confirmingRemoval', actions: 'askRemoval' },
        'notice.dismiss': { guard: 'hasMessage', actions: 'clearMessages' },
      },
    },
    adding: {
      description: 'The domain is on its way; the button reads “Adding…” and the field is locked.',
      entry: 'clearMessages',
      invoke: {
        id: 'addDomain',
        src: 'addDomain',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          domain: (parseDomain(context.draft) as { domain: string }).domain,
        }),
        onDone: {
          target: 'ready',
          actions: { type: 'showAdded', params: ({ event }) => ({ domain: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'showAddError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    confirmingRemoval: {
      description:
        '“Remove ads.agency.example?” with “Remove domain” and “Cancel”: its sign-in page stops showing the brand.',
      on: {
        'removal.confirm': { target: 'removing' },
        'removal.cancel': { target: 'ready', actions: 'forgetRemoval' },
      },
    },
    removing: {
      description: 'The removal is on its way; the domain’s row reads “Removing…”.',
      invoke: {
        id: 'removeDomain',
        src: 'removeDomain',
        input: ({ context }) => ({ organizationId: context.organizationId, domain: context.pending ?? '' }),
        onDone: { target: 'ready', actions: 'showRemoved' },
        onError: {
          target: 'ready',
          actions: { type: 'showRemoveError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type CustomDomainsMachine = typeof customDomainsMachine;
