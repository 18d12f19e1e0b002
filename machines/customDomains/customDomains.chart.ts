import { defineChart } from '../chart';
import { customDomainsMachine } from './customDomains.machine';

const listed = { domain: 'login.agency.example', createdAt: '2026-11-01T09:00:00.000Z' };
const added = { domain: 'ads.agency.example', createdAt: '2026-11-28T09:00:00.000Z' };

export const customDomainsChart = defineChart({
  name: 'customDomains',
  title: 'Custom domains',
  machine: customDomainsMachine,
  description: customDomainsMachine.root.description ?? '',
  input: { organizationId: 'org-1', canManage: true, manageRefusal: null, hasFeature: true },
  events: [
    { type: 'xstate.done.actor.loadDomains', output: [listed] },
    { type: 'xstate.error.actor.loadDomains', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'domain.change', value: 'Ads.Agency.Example ' },
    { type: 'domain.change', value: 'https://ads.agency.example/' },
    { type: 'domain.add' },
    { type: 'xstate.done.actor.addDomain', output: added },
    {
      type: 'xstate.error.actor.addDomain',
      error: {
        status: 409,
        message: 'ads.agency.example is already in use',
        validationErrors: { domain: { message: 'ads.agency.example is already in use' } },
      },
    },
    {
      type: 'xstate.error.actor.addDomain',
      error: {
        status: 403,
        message: 'Your plan does not include white-label branding. Upgrade to use it.',
        errorCode: 'REQUIRES_UPGRADE',
      },
    },
    { type: 'domain.remove', domain: 'login.agency.example' },
    { type: 'domain.remove', domain: 'unknown.agency.example' },
    { type: 'removal.cancel' },
    { type: 'removal.confirm' },
    { type: 'xstate.done.actor.removeDomain' },
    { type: 'xstate.error.actor.removeDomain', error: new TypeError('Failed to fetch') },
    { type: 'notice.dismiss' },
  ],
});
