import type { Account } from '@contract/auth';
import { formatDate } from '@src/lib/format';
import { linkButton } from '@src/ui/button.css';
import * as cardCss from '@src/ui/card.css';
import { PermittedButton } from '@src/ui/PermittedButton';
import * as pageCss from '@src/ui/page.css';
import { CreateRecordDialog } from '@src/ui/settings/CreateRecordDialog';
import { Notice } from '@src/ui/settings/Notice';
import { PageHeader } from '@src/ui/settings/PageHeader';
import { RecordList, type RecordRow } from '@src/ui/settings/RecordList';
import { useState } from 'react';
import { useAccountList, useAccountsPage } from './useAccounts';

function AccountList({
  currentAccountId,
  openHref,
  onCreate,
}: {
  currentAccountId: string | null;
  openHref: (id: string) => string;
  onCreate: () => void;
}) {
  const { view, goToPage, retry } = useAccountList();
  const toRow = (account: Account): RecordRow => {
    const isCurrent = account.id === currentAccountId;
    return {
      id: account.id,
      name: account.name,
      isCurrent,
      meta: [
        <time key="created" dateTime={account.createdAt}>{`Created ${formatDate(account.createdAt)}`}</time>,
      ],
      action: isCurrent ? null : (
        <a href={openHref(account.id)} className={linkButton.small} aria-label={`Open ${account.name}`}>
          Open
        </a>
      ),
    };
  };
  return (
    <RecordList
      label="Accounts"
      view={view}
      toRow={toRow}
      emptyTitle="No accounts yet"
      emptyText="Create an account for each client or brand you plan campaigns for."
      emptyAction={
        <PermittedButton action="organization.manage" variant="primary" onClick={onCreate}>
          Create account
        </PermittedButton>
      }
      errorTitle="The accounts could not be loaded."
      goToPage={goToPage}
      retry={retry}
    />
  );
}

/** /accounts: the current organization's accounts (clients, brands), opening one, creating one. */
export function AccountsView() {
  const page = useAccountsPage();
  const [listVersion, setListVersion] = useState(0);
  const where = page.organizationName ?? 'this organization';
  return (
    <>
      <PageHeader
        title="Accounts"
        subtitle={`The clients and brands of ${where}. Each account has its own campaigns, bookings and budgets.`}
        actions={
          <PermittedButton action="organization.manage" variant="primary" onClick={page.openCreate}>
            Create account
          </PermittedButton>
        }
      />
      <div className={pageCss.stack}>
        {page.mustChoose ? (
          <Notice tone="info" title="Choose an account to work in">
            {`Open one of ${where}’s accounts below, or create one, to see its campaigns.`}
          </Notice>
        ) : null}
        <section className={cardCss.card} aria-label={`Accounts of ${where}`}>
          <AccountList
            key={listVersion}
            currentAccountId={page.currentAccountId}
            openHref={page.openHref}
            onCreate={page.openCreate}
          />
        </section>
      </div>
      <CreateRecordDialog
        open={page.isCreateOpen}
        resource="accounts"
        copy={{
          title: 'Create account',
          description: `A client or brand of ${where}, with its own campaigns, bookings and budgets.`,
          label: 'Account name',
          placeholder: 'e.g. Acme Shoes',
          requiredMessage: 'Enter an account name',
          createdText: 'Open it now to start planning its campaigns.',
          openLabel: (record) => `Open ${record.name}`,
        }}
        openHref={(record) => page.openHref(record.id)}
        onCreated={() => setListVersion((version) => version + 1)}
        onClose={page.closeCreate}
      />
    </>
  );
}

export default AccountsView;
