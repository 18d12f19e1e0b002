import type { Organization } from '@contract/auth';
import { planFor, TRIAL_PLAN_CODE } from '@contract/plans';
import { formatDate } from '@src/lib/format';
import { Button } from '@src/ui/Button';
import * as badgeCss from '@src/ui/badge.css';
import { linkButton } from '@src/ui/button.css';
import * as cardCss from '@src/ui/card.css';
import { CreateRecordDialog } from '@src/ui/settings/CreateRecordDialog';
import { PageHeader } from '@src/ui/settings/PageHeader';
import { RecordList, type RecordRow } from '@src/ui/settings/RecordList';
import { SignedOutCard } from '@src/ui/settings/SignedOutCard';
import { useState } from 'react';
import { useOrganizationList, useOrganizationsPage } from './useOrganizations';

function PlanBadge({ planCode }: { planCode: string }) {
  const name = planFor(planCode)?.name ?? planCode;
  return (
    <span className={planCode === TRIAL_PLAN_CODE ? badgeCss.labelBadge.trial : badgeCss.labelBadge.neutral}>
      {name}
    </span>
  );
}

function OrganizationList({
  currentOrganizationId,
  switchHref,
  onCreate,
}: {
  currentOrganizationId: string | null;
  switchHref: (id: string) => string;
  onCreate: () => void;
}) {
  const { view, goToPage, retry } = useOrganizationList();
  const toRow = (organization: Organization): RecordRow => {
    const isCurrent = organization.id === currentOrganizationId;
    return {
      id: organization.id,
      name: organization.name,
      isCurrent,
      badges: [<PlanBadge key="plan" planCode={organization.planCode} />],
      meta: [
        <time
          key="created"
          dateTime={organization.createdAt}
        >{`Created ${formatDate(organization.createdAt)}`}</time>,
      ],
      action: isCurrent ? null : (
        <a
          href={switchHref(organization.id)}
          className={linkButton.small}
          aria-label={`Switch to ${organization.name}`}
        >
          Switch
        </a>
      ),
    };
  };
  return (
    <RecordList
      label="Organizations"
      view={view}
      toRow={toRow}
      emptyTitle="No organizations yet"
      emptyText="Create one for your agency to start planning campaigns."
      emptyAction={
        <Button variant="primary" onClick={onCreate}>
          Create organization
        </Button>
      }
      errorTitle="The organizations could not be loaded."
      goToPage={goToPage}
      retry={retry}
    />
  );
}

/** /organizations: every organization the user belongs to, switching between them, creating one. */
export function OrganizationsView() {
  const page = useOrganizationsPage();
  // Bumped when an organization is created, so the list loads again and shows it.
  const [listVersion, setListVersion] = useState(0);

  if (!page.user) {
    return (
      <>
        <PageHeader title="Organizations" subtitle="The agencies and companies you work in." />
        <SignedOutCard
          returnTo="/organizations"
          text="Sign in to see your organizations and switch between them."
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Organizations"
        subtitle="The agencies and companies you work in. Switch to work in another one, or create a new one."
        actions={
          <Button variant="primary" onClick={page.openCreate}>
            Create organization
          </Button>
        }
      />
      <section className={cardCss.card} aria-label="Your organizations">
        <OrganizationList
          key={listVersion}
          currentOrganizationId={page.currentOrganizationId}
          switchHref={page.switchHref}
          onCreate={page.openCreate}
        />
      </section>
      <CreateRecordDialog
        open={page.isCreateOpen}
        resource="organizations"
        copy={{
          title: 'Create organization',
          description: 'A separate workspace with its own accounts, plan and branding. You become its owner.',
          label: 'Organization name',
          placeholder: 'e.g. Northwind Media',
          requiredMessage: 'Enter an organization name',
          createdText: 'Switch to it now to add its first account and start planning.',
          openLabel: (record) => `Switch to ${record.name}`,
        }}
        openHref={(record) => page.switchHref(record.id)}
        onCreated={() => setListVersion((version) => version + 1)}
        onClose={page.closeCreate}
      />
    </>
  );
}

export default OrganizationsView;
