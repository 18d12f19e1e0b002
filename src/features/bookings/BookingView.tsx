import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import type { Booking } from '../../../contract/resources';
import { dataProvider } from '../../api/dataProvider';
import { loadPlatformNames, orEmpty } from '../../api/referenceData';
import { formatDateRange, formatDateTime, formatMoney } from '../../lib/format';
import * as badgeCss from '../../ui/badge.css';
import { PageLoading } from '../../ui/PageLoading';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { Field, FieldsCard, PageHeader } from '../../ui/records/RecordParts';
import * as textCss from '../../ui/text.css';

export interface BookingDetail {
  booking: Booking;
  platformName: string;
  campaign: { id: string; name: string } | null;
}

export async function loadBookingDetail(id: string): Promise<BookingDetail> {
  const [{ data: booking }, platforms] = await Promise.all([
    dataProvider.getOne({ resource: 'bookings', id }),
    orEmpty(loadPlatformNames()),
  ]);
  let campaign: BookingDetail['campaign'] = null;
  if (booking.campaignId) {
    campaign = await dataProvider
      .getOne({ resource: 'campaigns', id: booking.campaignId })
      .then(({ data }) => ({ id: data.id, name: data.name }))
      .catch(() => null);
  }
  return { booking, platformName: platforms.get(booking.platformKey) ?? booking.platformKey, campaign };
}

export const bookingLoader = sessionAware(({ params }: LoaderFunctionArgs) =>
  loadBookingDetail(params.id ?? ''),
);

/** /bookings/:id: one booking of the current account. */
export function BookingView() {
  const detail = useSessionLoaderData<BookingDetail>();
  if (!detail) return <PageLoading inline />;
  const { booking, platformName, campaign } = detail;
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Bookings', to: '/bookings' }, { label: booking.name }]}
        title={booking.name}
        badge={<span className={badgeCss.bookingBadge[booking.status]}>{booking.status}</span>}
        subtitle={`${platformName} · ${formatDateRange(booking.startDate, booking.endDate)}`}
      />
      <FieldsCard title="Booking details">
        <Field label="Status">
          <span className={badgeCss.bookingBadge[booking.status]}>{booking.status}</span>
        </Field>
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
    </>
  );
}

export default BookingView;
