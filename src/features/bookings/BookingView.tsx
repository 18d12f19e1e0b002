import { PACING_LABELS } from '@contract/planning';
import type { Booking } from '@contract/resources';
import { dataProvider } from '@src/api/dataProvider';
import { loadPlatformNames, orEmpty } from '@src/api/referenceData';
import { formatDateRange, formatDateTime, formatMoney } from '@src/lib/format';
import * as badgeCss from '@src/ui/badge.css';
import { button } from '@src/ui/button.css';
import { PageLoading } from '@src/ui/PageLoading';
import { Field, FieldsCard, PageHeader } from '@src/ui/records/RecordParts';
import { usePageRecord } from '@src/ui/records/useRecord';
import * as textCss from '@src/ui/text.css';
import { Link, useParams } from 'react-router-dom';
import { type BookingFlight, loadBookingFlight } from './bookingFlight';

export interface BookingDetail {
  booking: Booking;
  platformName: string;
  campaign: { id: string; name: string } | null;
  /** The flight in the campaign's plan; null without a campaign or when the plan cannot be read. */
  flight: BookingFlight | null;
}

export async function loadBookingDetail(id: string): Promise<BookingDetail> {
  const [{ data: booking }, platforms] = await Promise.all([
    dataProvider.getOne({ resource: 'bookings', id }),
    orEmpty(loadPlatformNames()),
  ]);
  let campaign: BookingDetail['campaign'] = null;
  let flight: BookingFlight | null = null;
  if (booking.campaignId) {
    [campaign, flight] = await Promise.all([
      dataProvider
        .getOne({ resource: 'campaigns', id: booking.campaignId })
        .then(({ data }) => ({ id: data.id, name: data.name }))
        .catch(() => null),
      loadBookingFlight(booking.campaignId, booking.id),
    ]);
  }
  return {
    booking,
    platformName: platforms.get(booking.platformKey) ?? booking.platformKey,
    campaign,
    flight,
  };
}

/** The plan's schedule step, where the booking's flight is changed (bookings follow their flights). */
export const scheduleStepPath = (campaignId: string) =>
  `/planning/wizard/${encodeURIComponent(campaignId)}/schedule`;

/** /bookings/:id: one booking of the current account, with its campaign and the flight it books. */
export function BookingView() {
  const { id = '' } = useParams();
  const { data: detail } = usePageRecord<BookingDetail>(() => loadBookingDetail(id));
  if (!detail) return <PageLoading inline />;
  const { booking, platformName, campaign, flight } = detail;
  const badge = <span className={badgeCss.bookingBadge[booking.status]}>{booking.status}</span>;
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Bookings', to: '/bookings' }, { label: booking.name }]}
        title={booking.name}
        badge={badge}
        subtitle={`${platformName} · ${formatDateRange(booking.startDate, booking.endDate)}`}
        actions={
          campaign ? (
            <Link to={scheduleStepPath(campaign.id)} className={button.secondary}>
              Open the plan’s schedule
            </Link>
          ) : null
        }
      />
      <FieldsCard title="Booking details">
        <Field label="Status">{badge}</Field>
        <Field label="Platform">{platformName}</Field>
        <Field label="Campaign">
          {campaign ? (
            <Link to={`/campaigns/${campaign.id}`} className={textCss.textLink}>
              {campaign.name}
            </Link>
          ) : (
            <span className={textCss.muted}>Not linked to a campaign</span>
          )}
        </Field>
        <Field label="Dates">{formatDateRange(booking.startDate, booking.endDate)}</Field>
        <Field label="Amount">{formatMoney(booking.amountMinor, booking.currency)}</Field>
        <Field label="Created">{formatDateTime(booking.createdAt)}</Field>
        <Field label="Last updated">{formatDateTime(booking.updatedAt)}</Field>
      </FieldsCard>
      {campaign ? <FlightCard booking={booking} campaignId={campaign.id} flight={flight} /> : null}
    </>
  );
}

/** The flight this booking books, from the plan; or, when the plan cannot be read, the booking's own numbers. */
function FlightCard({
  booking,
  campaignId,
  flight,
}: {
  booking: Booking;
  campaignId: string;
  flight: BookingFlight | null;
}) {
  const schedule = (
    <Link to={scheduleStepPath(campaignId)} className={textCss.textLink}>
      Change it in the plan’s schedule
    </Link>
  );
  if (!flight) {
    return (
      <FieldsCard title="Flight">
        <Field label="Plan">
          <span className={textCss.muted}>
            The plan could not be read: these are the booking’s own dates and amount.
          </span>
        </Field>
        <Field label="Dates">{formatDateRange(booking.startDate, booking.endDate)}</Field>
        <Field label="Amount">{formatMoney(booking.amountMinor, booking.currency)}</Field>
        <Field label="Schedule">{schedule}</Field>
      </FieldsCard>
    );
  }
  return (
    <FieldsCard title="Flight">
      <Field label="Flight">{`Flight ${flight.number}`}</Field>
      <Field label="Dates">{formatDateRange(flight.flight.startDate, flight.flight.endDate)}</Field>
      <Field label="Amount">{formatMoney(flight.flight.amountMinor, booking.currency)}</Field>
      <Field label="Pacing">{PACING_LABELS[flight.flight.pacing]}</Field>
      <Field label="Schedule">{schedule}</Field>
    </FieldsCard>
  );
}

export default BookingView;
