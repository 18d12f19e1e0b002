import type { Account } from '@contract/auth';
import { accountSwitchUrl } from '@machines/session/session.routes';
import { useCurrentUser } from '@src/api/session';
import { useResourceList } from '@src/ui/resourceList/useResourceList';
import { fetchRecordPage, NO_FILTERS, NO_SORT } from '@src/ui/settings/listPage';
import { useSearchParams } from 'react-router-dom';

export const CREATE_ACCOUNT_MODAL = 'create-account';

const fetchAccounts = fetchRecordPage('accounts');

/** The accounts page: the current organization and account, and whether the create dialog is open. */
export function useAccountsPage() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const isCreateOpen = searchParams.get('modal') === CREATE_ACCOUNT_MODAL;
  const setModal = (open: boolean) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('modal', CREATE_ACCOUNT_MODAL);
        else next.delete('modal');
        return next;
      },
      { replace: !open },
    );
  return {
    organizationName: user?.currentOrganization?.name ?? null,
    currentAccountId: user?.currentAccount?.id ?? null,
    /** In an organization but not in an account: the session sent the person here to choose one. */
    mustChoose: Boolean(user && !user.isInAccount),
    isCreateOpen,
    openCreate: () => setModal(true),
    closeCreate: () => setModal(false),
    /** The server route that makes `id` the current account, then goes home. */
    openHref: (id: string) => accountSwitchUrl({ id, returnUrl: '/' }),
  };
}

/** The current organization's accounts: the resourceList chart over GET /api/accounts. */
export function useAccountList() {
  return useResourceList<Account>({
    resource: 'accounts',
    sortableFields: NO_SORT,
    filterFields: NO_FILTERS,
    fetchPage: fetchAccounts,
  });
}
