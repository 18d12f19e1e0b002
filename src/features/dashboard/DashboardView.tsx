import { Link } from 'react-router-dom';
import { useSession } from '../../api/session';
import { formatDateRange, formatMoney } from '../../lib/format';
import { button } from '../../ui/button.css';
import { PageLoading } from '../../ui/PageLoading';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { PageHeader } from '../../ui/records/RecordParts';
import * as styles from '../../ui/records/records.css';
import * as table from '../../ui/table.css';
import { type DashboardData, loadDashboard } from './dashboardData';

export const dashboardLoader = sessionAware(() => loadDashboard());

function Card({
  title,
  link,
  children,
  wide = false,
  full = false,
}: {
  title: string;
  link?: { to: string; label: string };
  children: React.ReactNode;
  wide?: boolean;
  /** Across the whole row. */
  full?: boolean;
}) {
  const id = `dashboard-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      className={[styles.card, wide ? styles.wide : '', full ? styles.full : ''].filter(Boolean).join(' ')}
      aria-labelledby={id}
    >
      <header className={styles.cardHeader}>
        <h2 id={id} className={styles.cardTitle}>
          {title}
        </h2>
        {link ? (
          <Link to={link.to} className={styles.cardFooterLink}>
            {link.label}
          </Link>
        ) : null}
      </header>
      <div className={styles.cardBody}>{children}</div>
    </section>
  );
}

/** `/`: the current account at a glance: campaigns by status, the next bookings, budget totals. */
export function DashboardView() {
  const data = useSessionLoaderData<DashboardData>();
  const { account, organization, user } = useSession();
  if (!data) return <PageLoading inline />;
  const { campaigns, upcomingBookings, budgets } = data;
  const shownStatuses = campaigns.byStatus.filter((s) => s.count > 0);
  return (
    <>
      <PageHeader
        title={user?.firstName ? `Welcome back, ${user.firstName}` : 'Dashboard'}
        subtitle={[account?.name, organization?.name].filter(Boolean).join(' · ') || undefined}
        actions={
          <Link to="/planning/wizard/new/overview" className={button.primary}>
            New campaign
          </Link>
        }
      />
      <div className={styles.dashboardGrid}>
        <Card title="Campaigns" link={{ to: '/campaigns', label: 'All campaigns' }} wide>
          <p className={styles.bigNumber}>{campaigns.total}</p>
          <p className={styles.listMeta}>
            {campaigns.total === 1 ? 'campaign in this account' : 'campaigns in this account'}
          </p>
          {shownStatuses.length > 0 ? (
            <ul className={styles.statusList} aria-label="Campaigns by status">
              {shownStatuses.map(({ status, count }) => (
                <li key={status} className={styles.statusItem}>
                  <span className={table.statusBadge[status]}>{status}</span>
                  <span className={styles.statusCount}>{count}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>No campaigns yet.</p>
          )}
        </Card>
        <Card title="Budgets" link={{ to: '/budgets', label: 'All budgets' }}>
          {budgets.totals.length > 0 ? (
            <>
              <ul className={styles.totals} aria-label="Budget totals by currency">
                {budgets.totals.map((total) => (
                  <li key={total.currency} className={styles.bigNumber}>
                    {formatMoney(total.amountMinor, total.currency)}
                  </li>
                ))}
              </ul>
              <p className={styles.listMeta}>
                across {budgets.count} {budgets.count === 1 ? 'budget' : 'budgets'}
              </p>
            </>
          ) : (
            <p className={styles.empty}>No budgets yet.</p>
          )}
        </Card>
        <Card title="Upcoming bookings" link={{ to: '/bookings', label: 'All bookings' }} full>
          {upcomingBookings.length > 0 ? (
            <ul className={styles.list}>
              {upcomingBookings.map((booking) => (
                <li key={booking.id} className={styles.listItem}>
                  <span className={styles.listMain}>
                    <Link to={`/bookings/${booking.id}`} className={styles.link}>
                      {booking.name}
                    </Link>
                    <span className={styles.listMeta}>
                      {booking.platformName} · {formatDateRange(booking.startDate, booking.endDate)}
                    </span>
                  </span>
                  <span className={styles.bookingBadge[booking.status]}>{booking.status}</span>
                  <span className={table.money}>{formatMoney(booking.amountMinor, booking.currency)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.empty}>No bookings start from today on.</p>
          )}
        </Card>
      </div>
    </>
  );
}

export default DashboardView;
