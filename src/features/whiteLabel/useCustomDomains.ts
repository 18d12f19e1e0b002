import {
  type CustomDomainsInput,
  type CustomDomainsView,
  connectCustomDomains,
  customDomainsMachine,
  type DomainRequestInput,
  type OrganizationDomain,
} from '@machines/customDomains';
import { addDomain, listDomains, removeDomain } from '@src/api/domains';
import { useActorRef } from '@src/ui/actorRef';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';

const domainsMachine = customDomainsMachine.provide({
  actors: {
    loadDomains: fromPromise<OrganizationDomain[], { organizationId: string }>(({ input }) =>
      listDomains(input.organizationId),
    ),
    addDomain: fromPromise<OrganizationDomain, DomainRequestInput>(({ input }) =>
      addDomain(input.organizationId, input.domain),
    ),
    removeDomain: fromPromise<void, DomainRequestInput>(({ input }) =>
      removeDomain(input.organizationId, input.domain),
    ),
  },
});

/** Binds the custom domains chart to the API; returns its view model (commands included). */
export function useCustomDomains(input: CustomDomainsInput): CustomDomainsView {
  const actorRef = useActorRef(domainsMachine, { input });
  return useSelector(actorRef, (snapshot) => connectCustomDomains(snapshot, actorRef.send));
}
