import type { Organization } from '@contract/auth';
import { organizationSwitchUrl } from '@machines/session/session.routes';
import { useCurrentUser } from '@src/api/session';
import { useResourceList } from '@src/ui/resourceList/useResourceList';
import { fetchRecordPage, NO_FILTERS, NO_SORT } from '@src/ui/settings/listPage';
import { useSearchParams } from 'react-router-dom';

export const CREATE_ORGANIZATION_MODAL = 'create-organization';

const fetchOrganizations = fetchRecordPage('organizations');

/** The organizations page: the signed-in user (or null), and whether the create dialog is open (`?modal=`). */
export function useOrganizationsPage() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const isCreateOpen = searchParams.get('modal') === CREATE_ORGANIZATION_MODAL;
  const setModal = (open: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('modal', CREATE_ORGANIZATION_MODAL);
        else next.delete('modal');
        return next;
      },
      { replace: !open },
    );
  return {
    user,
    currentOrganizationId: user?.currentOrganization?.id ?? null,
    isCreateOpen,
    openCreate: () => setModal(true),
    closeCreate: () => setModal(false),
    /** The server route that makes `id` the current organization, then goes home. */
    switchHref: (id: string) =>
      organizationSwitchUrl({ id, returnUrl: '/', host: globalThis.location?.host ?? '' }),
  };
}

/** The user's organizations: the resourceList chart over GET /api/organizations. */
export function useOrganizationList() {
  return useResourceList<Organization>({
    resource: 'organizations',
    sortableFields: NO_SORT,
    filterFields: NO_FILTERS,
    fetchPage: fetchOrganizations,
  });
}
