/** What each state of the “Custom domains” card promises. */
import { connectCustomDomains } from '@machines/customDomains/customDomains.connect';
import { customDomainsMachine } from '@machines/customDomains/customDomains.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { fieldMessage, formMessage, NETWORK_MESSAGE, sentBy } from './shared';

type Machine = typeof customDomainsMachine;

/** Spec: a domain is trimmed and lower-cased; required; a host name without scheme, port or path. */
const domainOf = (draft: string) => draft.trim().toLowerCase();
function domainMessage(draft: string): string | undefined {
  const domain = domainOf(draft);
  if (domain === '') return 'Enter a domain such as ads.agency.example';
  return /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain)
    ? undefined
    : 'Enter a domain such as ads.agency.example (no scheme, port or path)';
}
const UPGRADE = 'Your plan does not include white-label branding. Upgrade to add custom domains.';

const view = (step: Parameters<OracleCheck<Machine>>[0]) => connectCustomDomains(step.snapshot, () => {});

const ready: OracleCheck<Machine> = (step) => {
  const { context, event, previous } = step;
  const shown = view(step);
  const reason = !context.canManage ? context.manageRefusal : !context.hasFeature ? UPGRADE : null;
  expectFields(shown, {
    isLoading: false,
    loadError: null,
    isAdding: false,
    addLabel: 'Add domain',
    confirming: null,
    disabledReason: reason,
    isFormDisabled: reason !== null,
  });
  expectEqual(
    shown.domains.map((d) => [d.domain, d.signInUrl, d.canRemove, d.isRemoving]),
    context.domains.map((d) => [d.domain, `https://${d.domain}/auth/login`, context.canManage, false]),
    'rows',
  );
  expectEqual(context.pending, null, 'no removal pending');
  const before = previous?.context;
  switch (event.type) {
    case 'domain.add':
      // Nothing is sent: the domain is malformed, and the field says why.
      expectThat(domainMessage(before!.draft) !== undefined, 'a valid domain was not sent');
      expectEqual(context.domainError, domainMessage(context.draft), 'field message');
      expectEqual(context.domains, before!.domains, 'list unchanged');
      break;
    case 'xstate.done.actor.addDomain': {
      const domain = (event.output as { domain: string }).domain;
      expectThat(
        context.domains.some((d) => d.domain === domain),
        'the added domain is listed',
      );
      expectEqual(context.draft, '', 'field emptied');
      expectEqual(
        context.notice,
        `${domain} added. Its sign-in page: https://${domain}/auth/login`,
        'notice',
      );
      expectFields(context, { domainError: null, error: null });
      break;
    }
    case 'xstate.error.actor.addDomain': {
      const field = fieldMessage(event.error, 'domain');
      expectEqual(context.domainError, field ?? null, 'field message');
      expectEqual(context.error, field ? null : formMessage(event.error), 'card message');
      expectEqual(context.draft, before!.draft, 'what was typed is kept');
      if ((event.error as { errorCode?: string }).errorCode === 'REQUIRES_UPGRADE')
        expectEqual(shown.disabledReason, UPGRADE, 'upgrade reason');
      expectEqual(context.notice, null, 'notice');
      break;
    }
    case 'xstate.done.actor.removeDomain': {
      const domain = before!.pending!;
      expectThat(!context.domains.some((d) => d.domain === domain), 'the removed domain is gone');
      expectEqual(context.domains.length, before!.domains.length - 1, 'one fewer');
      expectEqual(context.notice, `${domain} removed. Its sign-in page shows Flightplan again.`, 'notice');
      break;
    }
    case 'xstate.error.actor.removeDomain':
      expectEqual(context.error, formMessage(event.error), 'card message');
      expectEqual(context.domains, before!.domains, 'list unchanged');
      break;
    case 'notice.dismiss':
      expectFields(context, { notice: null, error: null, domainError: null });
      break;
    default:
      break;
  }
};

export const customDomainsOracle = defineOracle(customDomainsMachine, {
  events: {
    'domain.change': ({ context, event }) => {
      expectFields(context, { draft: event.value, domainError: null, error: null });
    },
    'xstate.done.actor.loadDomains': ({ context, event }) => {
      expectEqual(context.domains, event.output, 'domains from the server');
    },
  },
  states: {
    loading: (step) => {
      expectFields(view(step), { isLoading: true, loadError: null, isFormDisabled: true, domains: [] });
    },
    loadFailed: (step) => {
      expectEqual(
        sentBy(
          (send) => connectCustomDomains(step.snapshot, send),
          (shown) => shown.retry(),
        ),
        [{ type: 'retry' }],
        'Try again sends',
      );
      expectFields(view(step), { isLoading: false, loadError: NETWORK_MESSAGE, isFormDisabled: true });
    },
    ready,
    adding: (step) => {
      const { context } = step;
      expectThat(domainMessage(context.draft) === undefined, 'a malformed domain was sent');
      expectThat(context.canManage && context.hasFeature, 'sent without the right or the plan');
      expectFields(view(step), {
        isAdding: true,
        addLabel: 'Adding…',
        isFormDisabled: true,
        notice: null,
        error: null,
        domainError: null,
      });
    },
    confirmingRemoval: (step) => {
      const { context, event } = step;
      expectEqual(event.type, 'domain.remove', 'asked by Remove');
      expectEqual(context.pending, event.domain, 'the domain to remove');
      expectFields(view(step), { confirming: event.domain, isFormDisabled: true });
      expectEqual(
        sentBy(
          (send) => connectCustomDomains(step.snapshot, send),
          (shown) => {
            shown.confirm();
            shown.cancel();
          },
        ),
        [{ type: 'removal.confirm' }, { type: 'removal.cancel' }],
        'Remove domain / Cancel send',
      );
    },
    removing: (step) => {
      const { context } = step;
      expectThat(context.pending !== null, 'a domain is being removed');
      const shown = view(step);
      expectEqual(
        shown.domains.filter((d) => d.isRemoving).map((d) => d.domain),
        [context.pending],
        'the removing row',
      );
      expectThat(
        shown.domains.every((d) => !d.canRemove),
        'no Remove while removing',
      );
    },
  },
});
