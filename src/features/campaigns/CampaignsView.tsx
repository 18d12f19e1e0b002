import { allowedCampaignActions } from '@machines/campaignLifecycle';
import { usePermission } from '@src/api/session';
import { formatDate, formatDateRange, formatDateTime, formatMoney } from '@src/lib/format';
import { visuallyHidden } from '@src/ui/a11y.css';
import { button } from '@src/ui/button.css';
import { CAMPAIGN_ACTION_LINKS, CampaignModals, searchOpening } from '@src/ui/campaignModals/CampaignModals';
import { CREATE_CAMPAIGN_MODAL, CreateCampaignModal } from '@src/ui/campaignModals/CreateCampaignDialog';
import { finishPlanLink } from '@src/ui/campaignModals/finishPlan';
import { ImportPlanDialog } from '@src/ui/exchange/ImportPlanDialog';
import { FilterSelect } from '@src/ui/FilterSelect';
import { PermittedLink } from '@src/ui/PermittedLink';
import {
  ResourceTable,
  type TableColumn,
  type TableFilterControls,
  type TableFilters,
} from '@src/ui/resourceList/ResourceTable';
import { CAMPAIGN_SUCCESS_MESSAGES, useSuccessFlags } from '@src/ui/successFlags/useSuccessFlags';
import * as styles from '@src/ui/table.css';
import { Link, useLocation } from 'react-router-dom';
import { STATUS_OPTIONS } from './campaignFilters';
import * as filterStyles from './campaignFilters.css';
import type { CampaignRow } from './campaignRows';
import { useCampaignFilterOptions } from './useCampaignFilterOptions';
import { useCampaignsTable } from './useCampaignsTable';

type Column = TableColumn<CampaignRow>;

const COLUMNS: Column[] = [
  {
    label: 'Name',
    skeletonWidth: 'long',
    sortField: 'name',
    cell: (row) => (
      <>
        <Link to={`/campaigns/${row.id}`} className={`${styles.name} ${styles.nameLink}`}>
          {row.name}
        </Link>
        {/* Why a draft cannot launch yet, up front (issue 28); its "Finish the plan" link is described by it. */}
        {row.launchBlocker ? (
          <span id={blockerId(row)} className={styles.rowNote}>
            Not ready to launch: {row.launchBlocker.message}
          </span>
        ) : null}
      </>
    ),
  },
  {
    label: 'Customer',
    skeletonWidth: 'medium',
    wrap: true,
    cell: (row) =>
      row.customerName === null ? (
        <span className={styles.muted} title="No customer">
          <span aria-hidden="true">—</span>
          <span className={visuallyHidden}>No customer</span>
        </span>
      ) : row.customerName.trim() === '' ? (
        <span className={styles.muted}>Unnamed customer</span>
      ) : (
        row.customerName
      ),
  },
  {
    label: 'Objective',
    skeletonWidth: 'short',
    wrap: true,
    // A phone's card keeps what a planner scans for: status, customer, dates, platforms, budget.
    card: 'hidden',
    cell: (row) => row.objectiveLabel || <span className={styles.muted}>—</span>,
  },
  {
    label: 'Status',
    skeletonWidth: 'short',
    sortField: 'status',
    card: 'badge',
    cell: (row) => <span className={styles.statusBadge[row.status]}>{row.status}</span>,
  },
  {
    label: 'Platforms',
    skeletonWidth: 'medium',
    wrap: true,
    cell: (row) => <PlatformChips names={row.platformNames} />,
  },
  {
    label: 'Dates',
    skeletonWidth: 'medium',
    sortField: 'startDate',
    wrap: true,
    cell: (row) => <DateRange text={formatDateRange(row.startDate, row.endDate)} />,
  },
  {
    label: 'Budget',
    skeletonWidth: 'short',
    sortField: 'budgetMinor',
    numeric: true,
    cell: (row) => formatMoney(row.budgetMinor, row.currency),
  },
  {
    label: 'Created',
    skeletonWidth: 'short',
    sortField: 'createdAt',
    card: 'hidden',
    cell: (row) => (
      <time dateTime={row.createdAt} title={formatDateTime(row.createdAt)}>
        {formatDate(row.createdAt)}
      </time>
    ),
  },
  { label: 'Actions', skeletonWidth: 'short', sticky: true, cell: (row) => <RowActions row={row} /> },
];

/** "Oct 31, 2026 – Jan 6, 2027" on two lines if need be, broken after the dash only (the text unchanged). */
function DateRange({ text }: { text: string }) {
  const parts = /^(.*?\s–)(\s)(.*)$/u.exec(text);
  if (!parts) return <span className={styles.nowrap}>{text}</span>;
  return (
    <span>
      <span className={styles.nowrap}>{parts[1]}</span>
      {parts[2]}
      <span className={styles.nowrap}>{parts[3]}</span>
    </span>
  );
}

/**
 * The actions the campaign lifecycle chart allows in the row's status (Launch, Pause, Resume, Duplicate,
 * Delete), each opening its modal through the URL.
 */
function RowActions({ row }: { row: CampaignRow }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const allowed = allowedCampaignActions(row.status);
  const permitted = useCampaignPermissions();
  const blocker = row.launchBlocker;
  return (
    <span className={styles.rowActionsWrap}>
      {/* A dense table shows only what the role may do; the campaign page shows the rest disabled, saying why. */}
      {CAMPAIGN_ACTION_LINKS.filter(({ action, permission }) => allowed[action] && permitted[permission]).map(
        ({ action, kind, label }) =>
          // A draft that cannot launch offers what it lacks instead of a Launch the server would refuse.
          action === 'launch' && blocker ? (
            <Link
              key={kind}
              to={finishPlanLink(row.id, blocker).to}
              aria-label={`${finishPlanLink(row.id, blocker).label}: ${row.name}`}
              aria-describedby={blockerId(row)}
            >
              {finishPlanLink(row.id, blocker).label}
            </Link>
          ) : (
            <Link
              key={kind}
              to={{ search: searchOpening(params, kind, row.id) }}
              aria-label={`${label} ${row.name}`}
            >
              {label}
            </Link>
          ),
      )}
    </span>
  );
}

/** The id of a row's "Not ready to launch" note, which its "Finish the plan" link is described by. */
const blockerId = (row: CampaignRow) => `launch-blocker-${row.id}`;

/** Which of the campaign actions' permissions the member's role has, asked once per row. */
function useCampaignPermissions(): Record<(typeof CAMPAIGN_ACTION_LINKS)[number]['permission'], boolean> {
  return {
    'campaigns.launch': usePermission('campaigns.launch').allowed,
    'campaigns.pause': usePermission('campaigns.pause').allowed,
    'campaigns.plan': usePermission('campaigns.plan').allowed,
    'campaigns.delete': usePermission('campaigns.delete').allowed,
  };
}

/** Up to two platform chips, then "+N" naming the rest (title for the mouse, text for screen readers). */
function PlatformChips({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <span className={styles.muted}>None</span>;
  const shown = names.length > 2 ? names.slice(0, 2) : names;
  const rest = names.slice(shown.length);
  return (
    <ul className={styles.chipsWrap} aria-label="Platforms">
      {shown.map((name) => (
        <li key={name} className={styles.chip}>
          {name}
        </li>
      ))}
      {rest.length > 0 ? (
        <li className={styles.moreChip} title={rest.join(', ')}>
          <span aria-hidden="true">+{rest.length}</span>
          <span className={visuallyHidden}>{rest.join(', ')}</span>
        </li>
      ) : null}
    </ul>
  );
}

/** The current search plus `modal=create-campaign`: opening the modal keeps the table's page, sort and filter. */
function withModal(search: string): string {
  const next = new URLSearchParams(search);
  next.set('modal', CREATE_CAMPAIGN_MODAL);
  return `?${next.toString()}`;
}

function CreateCampaignLink() {
  const { search } = useLocation();
  return (
    <PermittedLink action="campaigns.plan" className={button.primary} to={{ search: withModal(search) }}>
      Create campaign
    </PermittedLink>
  );
}

/** The status, platform and customer menus beside the name search, and *Clear filters* while any is set. */
function CampaignFilterMenus({ view, selectFilter, clearFilters }: TableFilterControls<CampaignRow>) {
  const customerFilter = view.filterValueOf('customerId');
  const options = useCampaignFilterOptions(customerFilter);
  return (
    <fieldset className={filterStyles.filters}>
      <legend className={visuallyHidden}>Filter campaigns</legend>
      <FilterSelect
        label="Status"
        anyLabel="All statuses"
        options={STATUS_OPTIONS}
        value={view.filterValueOf('status')}
        onValueChange={(value) => selectFilter('status', value)}
      />
      <FilterSelect
        label="Platform"
        anyLabel="All platforms"
        options={options.platforms}
        value={view.filterValueOf('platforms')}
        onValueChange={(value) => selectFilter('platforms', value)}
      />
      <FilterSelect
        label="Customer"
        anyLabel="All customers"
        options={options.customers}
        value={customerFilter}
        onValueChange={(value) => selectFilter('customerId', value)}
      />
      {view.isFiltered ? (
        <button type="button" className={filterStyles.clear} onClick={clearFilters}>
          Clear filters
        </button>
      ) : null}
    </fieldset>
  );
}

const noMatchText = (search: string) =>
  search
    ? `Nothing is named like “${search}” with the chosen filters. Check the spelling or clear the filters.`
    : 'Try another status, platform or customer, or clear the filters.';

/** The page's modals; a success flag (campaignDeleted=true, …) asks for the current page again, once, and toasts. */
function CampaignPageModals({ refresh }: { refresh: () => void }) {
  useSuccessFlags(CAMPAIGN_SUCCESS_MESSAGES, refresh);
  return (
    <>
      <CampaignModals />
      <CreateCampaignModal />
    </>
  );
}

/** /campaigns: the current account's campaigns, searchable by name and filtered by status, platform, customer. */
export function CampaignsView() {
  const { accountName, sortableFields, filterFields, fetchPage } = useCampaignsTable();
  const filters: TableFilters<CampaignRow> = {
    fields: filterFields,
    toolbar: (controls) => <CampaignFilterMenus {...controls} />,
    noMatchText,
  };
  const canImport = usePermission('exchange.import').allowed;
  return (
    <ResourceTable<CampaignRow>
      title="Campaigns"
      subtitle={accountName ? `Every campaign in ${accountName}.` : 'Every campaign in this account.'}
      noun="campaigns"
      resource="campaigns"
      columns={COLUMNS}
      sortableFields={sortableFields}
      searchField="name"
      filters={filters}
      emptyText="Campaigns created in this account appear here."
      fetchPage={fetchPage}
      rowKey={(row) => row.id}
      actions={
        <>
          <CreateCampaignLink />
          {canImport ? <ImportPlanDialog /> : null}
        </>
      }
      modals={(refresh) => <CampaignPageModals refresh={refresh} />}
    />
  );
}

export default CampaignsView;
