import { useSession } from '@src/api/session';
import { formatDateRange, formatMoney } from '@src/lib/format';
import * as badgeCss from '@src/ui/badge.css';
import { button } from '@src/ui/button.css';
import * as cardCss from '@src/ui/card.css';
import { PageLoading } from '@src/ui/PageLoading';
import { PermittedLink } from '@src/ui/PermittedLink';
import * as recordCss from '@src/ui/record.css';
import { PageHeader } from '@src/ui/records/RecordParts';
import { usePageRecord } from '@src/ui/records/useRecord';
import * as table from '@src/ui/table.css';
import * as textCss from '@src/ui/text.css';
import { Link } from 'react-router-dom';
import * as dashboardCss from './dashboard.css';
import { type DashboardData, loadDashboard } from './dashboardData';
import { BudgetsOffPace, SpendThisMonth } from './SpendCards';

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
      className={[cardCss.card, wide ? dashboardCss.wide : '', full ? dashboardCss.full : '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={id}
    >
      <header className={recordCss.cardHeader}>
        <h2 id={id} className={cardCss.cardTitle}>
          {title}
        </h2>
        {link ? (
          <Link to={link.to} className={dashboardCss.cardFooterLink}>
            {link.label}
          </Link>
        ) : null}
      </header>
      <div className={recordCss.cardBody}>{children}</div>
    </section>
  );
}

/** `/`: the current account at a glance: campaigns by status, the next bookings, budget totals. */
export function DashboardView() {
  const { data } = usePageRecord<DashboardData>(loadDashboard);
  const { account, organization, user } = useSession();
  if (!data) return <PageLoading inline />;
  const { campaigns, upcomingBookings, budgets, spend } = data;
  const shownStatuses = campaigns.byStatus.filter((s) => s.count > 0);
  return (
    <>
      <PageHeader
        title={user?.firstName ? `Welcome back, ${user.firstName}` : 'Dashboard'}
        subtitle={[account?.name, organization?.name].filter(Boolean).join(' · ') || undefined}
        actions={
          <PermittedLink
            action="campaigns.plan"
            to="/planning/wizard/new/overview"
            className={button.primary}
          >
            New campaign
          </PermittedLink>
        }
      />
      <div className={dashboardCss.dashboardGrid}>
        <Card title="Campaigns" link={{ to: '/campaigns', label: 'All campaigns' }} wide>
          <p className={dashboardCss.bigNumber}>{campaigns.total}</p>
          <p className={recordCss.listMeta}>
            {campaigns.total === 1 ? 'campaign in this account' : 'campaigns in this account'}
          </p>
          {shownStatuses.length > 0 ? (
            <ul className={dashboardCss.statusList} aria-label="Campaigns by status">
              {shownStatuses.map(({ status, count }) => (
                <li key={status} className={dashboardCss.statusItem}>
                  <span className={table.statusBadge[status]}>{status}</span>
                  <span className={dashboardCss.statusCount}>{count}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={dashboardCss.empty}>No campaigns yet.</p>
          )}
        </Card>
        <Card title="Budgets" link={{ to: '/budgets', label: 'All budgets' }}>
          {budgets.totals.length > 0 ? (
            <>
              <ul className={dashboardCss.totals} aria-label="Budget totals by currency">
                {budgets.totals.map((total) => (
                  <li key={total.currency} className={dashboardCss.bigNumber}>
                    {formatMoney(total.amountMinor, total.currency)}
                  </li>
                ))}
              </ul>
              <p className={recordCss.listMeta}>
                across {budgets.count} {budgets.count === 1 ? 'budget' : 'budgets'}
              </p>
            </>
          ) : (
            <p className={dashboardCss.empty}>No budgets yet.</p>
          )}
        </Card>
        <Card title="Spend this month">
          <SpendThisMonth spend={spend} />
        </Card>
        <Card title="Budgets off pace" wide>
          <BudgetsOffPace spend={spend} />
        </Card>
        <Card title="Upcoming bookings" link={{ to: '/bookings', label: 'All bookings' }} full>
          {upcomingBookings.length > 0 ? (
            <ul className={recordCss.list}>
              {upcomingBookings.map((booking) => (
                <li key={booking.id} className={recordCss.listItem}>
                  <span className={recordCss.listMain}>
                    <Link to={`/bookings/${booking.id}`} className={textCss.textLink}>
                      {booking.name}
                    </Link>
                    <span className={recordCss.listMeta}>
                      {booking.platformName} · {formatDateRange(booking.startDate, booking.endDate)}
                    </span>
                  </span>
                  <span className={badgeCss.bookingBadge[booking.status]}>{booking.status}</span>
                  <span className={table.money}>{formatMoney(booking.amountMinor, booking.currency)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={dashboardCss.empty}>No bookings start from today on.</p>
          )}
        </Card>
      </div>
    </>
  );
}

export default DashboardView;
