import { PLATFORMS } from '@contract/reference';
import { formatDateRange, formatMoney } from '@src/lib/format';
import { Button } from '@src/ui/Button';
import * as cardCss from '@src/ui/card.css';
import { PacingBadge } from '@src/ui/charts/PacingBadge';
import * as table from '@src/ui/table.css';
import * as textCss from '@src/ui/text.css';
import * as css from './delivery.css';
import { PacingSuggestionNotice } from './PacingSuggestionNotice';
import type { CampaignDeliveryModel } from './useCampaignDelivery';

const platformName = (key: string) => PLATFORMS.find((p) => p.key === key)?.displayName ?? key;
const count = (value: number) => value.toLocaleString();

/** Per flight planned against spent with its pacing status; delivery by platform with the campaign's totals. */
export function CampaignDeliveryCard({ model }: { model: CampaignDeliveryModel }) {
  const { phase, delivery, errorMessage } = model;
  const money = (minor: number | null) =>
    minor === null || !delivery ? '—' : formatMoney(minor, delivery.campaign.currency);
  return (
    <section className={cardCss.card} aria-labelledby="delivery-title" aria-busy={phase === 'loading'}>
      <header className={cardCss.cardHeader}>
        <h2 id="delivery-title" className={cardCss.cardTitle}>
          Delivery
        </h2>
      </header>
      {phase === 'loading' ? <p className={`${css.body} ${textCss.muted}`}>Loading…</p> : null}
      {phase === 'failed' ? (
        <div className={css.body} role="alert">
          <p>{errorMessage}</p>
          <Button variant="secondary" onClick={model.retry} aria-label="Try again to load the delivery">
            Try again
          </Button>
        </div>
      ) : null}
      {phase === 'empty' ? (
        <p className={`${css.body} ${textCss.muted}`}>
          No platform has reported delivery for this campaign yet.
        </p>
      ) : null}
      {delivery && model.suggestion ? (
        <PacingSuggestionNotice
          key={JSON.stringify(model.suggestion)}
          campaignId={delivery.campaign.id}
          currency={delivery.campaign.currency}
          suggestion={model.suggestion}
        />
      ) : null}
      {delivery && delivery.flights.length > 0 ? (
        <>
          <h3 className={css.sectionTitle} id="delivery-flights">
            Flights
          </h3>
          <div className={table.tableWrap}>
            <table className={table.table} aria-labelledby="delivery-flights">
              <thead>
                <tr>
                  <th className={table.th}>Platform</th>
                  <th className={table.th}>Dates</th>
                  <th className={`${table.th} ${table.numeric}`}>Planned</th>
                  <th className={`${table.th} ${table.numeric}`}>Spent to date</th>
                  <th className={`${table.th} ${table.numeric}`}>Planned to date</th>
                  <th className={table.th}>Pacing</th>
                </tr>
              </thead>
              <tbody>
                {delivery.flights.map((flight) => (
                  <tr key={flight.id} className={table.row}>
                    <td className={table.td}>{platformName(flight.platformKey)}</td>
                    <td className={table.td}>{formatDateRange(flight.startDate, flight.endDate)}</td>
                    <td className={`${table.td} ${table.money}`}>{money(flight.amountMinor)}</td>
                    <td className={`${table.td} ${table.money}`}>{money(flight.pacing.spentMinor)}</td>
                    <td className={`${table.td} ${table.money}`}>{money(flight.pacing.idealToDateMinor)}</td>
                    <td className={table.td}>
                      <PacingBadge status={flight.pacing.status} thresholds={flight.pacing.thresholds} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {delivery && phase === 'shown' ? (
        <>
          <h3 className={css.sectionTitle} id="delivery-platforms">
            By platform
          </h3>
          <div className={table.tableWrap}>
            <table className={table.table} aria-labelledby="delivery-platforms">
              <thead>
                <tr>
                  <th className={table.th}>Platform</th>
                  <th className={`${table.th} ${table.numeric}`}>Spend</th>
                  <th className={`${table.th} ${table.numeric}`}>Impressions</th>
                  <th className={`${table.th} ${table.numeric}`}>Clicks</th>
                  <th className={`${table.th} ${table.numeric}`}>Conversions</th>
                  <th className={`${table.th} ${table.numeric}`}>Cost per conversion</th>
                </tr>
              </thead>
              <tbody>
                {[
                  ...delivery.platforms.map((p) => ({ name: platformName(p.platformKey), ...p.totals })),
                  { name: 'Total', ...delivery.totals },
                ].map((row) => (
                  <tr key={row.name} className={`${table.row} ${row.name === 'Total' ? css.totalsRow : ''}`}>
                    <th scope="row" className={`${table.td} ${css.rowHeader}`}>
                      {row.name}
                    </th>
                    <td className={`${table.td} ${table.money}`}>{money(row.spendMinor)}</td>
                    <td className={`${table.td} ${table.numeric}`}>{count(row.impressions)}</td>
                    <td className={`${table.td} ${table.numeric}`}>{count(row.clicks)}</td>
                    <td className={`${table.td} ${table.numeric}`}>{count(row.conversions)}</td>
                    <td className={`${table.td} ${table.money}`}>{money(row.costPerConversionMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
