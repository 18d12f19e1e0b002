import { Link, useLocation } from 'react-router-dom';
import { allowedCampaignActions } from '../../../machines/campaignLifecycle';
import { formatDate, formatDateRange, formatDateTime, formatMoney } from '../../lib/format';
import { visuallyHidden } from '../../ui/a11y.css';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { CAMPAIGN_ACTION_LINKS, CampaignModals, searchOpening } from '../../ui/campaignModals/CampaignModals';
import { CREATE_CAMPAIGN_MODAL, CreateCampaignModal } from '../../ui/campaignModals/CreateCampaignDialog';
import { FilterSelect } from '../../ui/FilterSelect';
import { SearchIcon } from '../../ui/listIcons';
import { SortableHeader, type TableColumn } from '../../ui/resourceList/SortableHeader';
import { TableFooter } from '../../ui/resourceList/TableFooter';
import { CAMPAIGN_SUCCESS_MESSAGES, useSuccessFlags } from '../../ui/successFlags/useSuccessFlags';
import * as styles from '../../ui/table.css';
import { STATUS_OPTIONS } from './campaignFilters';
import * as filterStyles from './campaignFilters.css';
import type { CampaignRow } from './campaignRows';
import { useCampaignFilterOptions } from './useCampaignFilterOptions';
import { useCampaignsTable } from './useCampaignsTable';

type Column = TableColumn<CampaignRow>;

const COLUMNS: Column[] = [
  {
    label: 'Name',
    sortField: 'name',
    cell: (row) => (
      <Link to={`/campaigns/${row.id}`} className={`${styles.name} ${styles.nameLink}`}>
        {row.name}
      </Link>
    ),
  },
  {
    label: 'Customer',
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
    cell: (row) => row.objectiveLabel || <span className={styles.muted}>—</span>,
  },
  {
    label: 'Status',
    sortField: 'status',
    cell: (row) => <span className={styles.statusBadge[row.status]}>{row.status}</span>,
  },
  { label: 'Platforms', cell: (row) => <PlatformChips names={row.platformNames} /> },
  { label: 'Dates', sortField: 'startDate', cell: (row) => formatDateRange(row.startDate, row.endDate) },
  {
    label: 'Budget',
    sortField: 'budgetMinor',
    numeric: true,
    cell: (row) => formatMoney(row.budgetMinor, row.currency),
  },
  {
    label: 'Created',
    sortField: 'createdAt',
    cell: (row) => (
      <time dateTime={row.createdAt} title={formatDateTime(row.createdAt)}>
        {formatDate(row.createdAt)}
      </time>
    ),
  },
  { label: 'Actions', sticky: true, cell: (row) => <RowActions row={row} /> },
];

/**
 * The actions the campaign lifecycle chart allows in the row's status (Launch, Pause, Resume, Duplicate,
 * Delete), each opening its modal through the URL.
 */
function RowActions({ row }: { row: CampaignRow }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const allowed = allowedCampaignActions(row.status);
  return (
    <span className={styles.rowActions}>
      {CAMPAIGN_ACTION_LINKS.filter(({ action }) => allowed[action]).map(({ action, kind, label }) => (
        <Link
          key={kind}
          to={{ search: searchOpening(params, kind, row.id) }}
          aria-label={`${label} ${row.name}`}
        >
          {label}
        </Link>
      ))}
    </span>
  );
}

/** Up to two platform chips, then "+N" naming the rest (title for the mouse, text for screen readers). */
function PlatformChips({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <span className={styles.muted}>None</span>;
  const shown = names.length > 2 ? names.slice(0, 2) : names;
  const rest = names.slice(shown.length);
  return (
    <ul className={styles.chips} aria-label="Platforms">
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

const SKELETON_WIDTHS = [
  'long',
  'medium',
  'short',
  'short',
  'medium',
  'medium',
  'short',
  'short',
  'short',
] as const;

export function CampaignsView() {
  const {
    view,
    accountName,
    goToPage,
    toggleSort,
    changeFilter,
    selectFilter,
    clearFilters,
    retry,
    refresh,
  } = useCampaignsTable();
  const { search } = useLocation();
  const nameFilter = view.filterValueOf('name');
  const customerFilter = view.filterValueOf('customerId');
  const options = useCampaignFilterOptions(customerFilter);
  const colSpan = COLUMNS.length;
  // A success flag (campaignDeleted=true, …) asks for the current page again, once, and toasts.
  useSuccessFlags(CAMPAIGN_SUCCESS_MESSAGES, refresh);

  return (
    <>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>
            Campaigns
            {view.isFirstLoad ? null : (
              <span className={styles.count} title={`${view.total} campaigns`}>
                <span aria-hidden="true">{view.total}</span>
                <span className={visuallyHidden}>{`${view.total} campaigns`}</span>
              </span>
            )}
          </h1>
          <p className={styles.subtitle}>
            {accountName ? `Every campaign in ${accountName}.` : 'Every campaign in this account.'}
          </p>
        </div>
        <Link className={button.primary} to={{ search: withModal(search) }}>
          Create campaign
        </Link>
      </div>

      <section className={styles.card} aria-label="Campaigns table">
        {view.isLoading && !view.isFirstLoad ? <div className={styles.progress} aria-hidden="true" /> : null}
        <div className={styles.toolbar}>
          {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to jsdom and to browsers before 2023 */}
          <form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="campaign-search" className={visuallyHidden}>
              Search campaigns by name
            </label>
            <SearchIcon className={styles.searchIcon} />
            <input
              id="campaign-search"
              className={styles.searchInput}
              type="search"
              placeholder="Search by name…"
              autoComplete="off"
              spellCheck={false}
              value={nameFilter}
              onChange={(event) => changeFilter('name', event.currentTarget.value)}
            />
          </form>
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
        </div>

        <div className={styles.tableWrap}>
          <table className={styles.table} aria-busy={view.isLoading} aria-describedby="campaigns-range">
            <caption className={visuallyHidden}>Campaigns</caption>
            <SortableHeader
              columns={COLUMNS}
              sortOrderOf={view.sortOrderOf}
              ariaSortOf={view.ariaSortOf}
              onSort={toggleSort}
            />
            <tbody
              className={[styles.body, view.isLoading && !view.isFirstLoad ? styles.bodyStale : ''].join(' ')}
            >
              {view.isFailed ? (
                <tr>
                  <td colSpan={colSpan} className={styles.stateCell}>
                    <div role="alert">
                      <p className={styles.errorTitle}>The campaigns could not be loaded.</p>
                      <p className={styles.stateText}>{view.errorMessage}</p>
                    </div>
                    <div className={styles.stateAction}>
                      <Button variant="secondary" onClick={retry}>
                        Try again
                      </Button>
                    </div>
                  </td>
                </tr>
              ) : view.isFirstLoad ? (
                Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <tr key={i} className={styles.row}>
                    {SKELETON_WIDTHS.map((width, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                      <td key={j} className={styles.td}>
                        {i === 0 && j === 0 ? (
                          <span className={visuallyHidden}>Loading campaigns…</span>
                        ) : null}
                        <span
                          className={`${styles.skeleton} ${styles.skeletonWidth[width]}`}
                          aria-hidden="true"
                        />
                      </td>
                    ))}
                  </tr>
                ))
              ) : view.isEmpty ? (
                <tr>
                  <td colSpan={colSpan} className={styles.stateCell}>
                    {view.isFiltered ? (
                      <>
                        <p className={styles.stateTitle}>No campaigns match these filters</p>
                        <p className={styles.stateText}>
                          {nameFilter.trim()
                            ? `Nothing is named like “${nameFilter.trim()}” with the chosen filters. Check the spelling or clear the filters.`
                            : 'Try another status, platform or customer, or clear the filters.'}
                        </p>
                        <div className={styles.stateAction}>
                          <Button variant="secondary" onClick={clearFilters}>
                            Clear filters
                          </Button>
                        </div>
                      </>
                    ) : (
                      <>
                        <p className={styles.stateTitle}>No campaigns yet</p>
                        <p className={styles.stateText}>Campaigns created in this account appear here.</p>
                      </>
                    )}
                  </td>
                </tr>
              ) : (
                view.rows.map((row) => (
                  <tr key={row.id} className={styles.row}>
                    {COLUMNS.map((column) => (
                      <td
                        key={column.label}
                        className={[
                          styles.td,
                          column.numeric ? styles.money : '',
                          column.sticky ? styles.stickyEnd : '',
                        ]
                          .filter(Boolean)
                          .join(' ')}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>

        <TableFooter view={view} rangeId="campaigns-range" goToPage={goToPage} />
      </section>
      <CampaignModals />
      <CreateCampaignModal />
    </>
  );
}

export default CampaignsView;
