import {
  connectPlanningSchedule,
  type PlanningScheduleView,
  type planningScheduleMachine,
  type ScheduleFlightView,
  type SchedulePlatformView,
} from '@machines/planning/planningSchedule';
import { formatMoney } from '@src/lib/format';
import { Button } from '@src/ui/Button';
import { TextField } from '@src/ui/TextField';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Flowchart } from './Flowchart';
import * as styles from './scheduleStep.css';

export type PlanningScheduleActor = ActorRefFrom<typeof planningScheduleMachine>;

/** A new view model every snapshot would re-render the whole schedule on each echo; compare what is shown. */
const sameView = (a: PlanningScheduleView, b: PlanningScheduleView) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The wizard's schedule step: markup over the `planningSchedule` chart's view model, the flowchart below. */
export function ScheduleStep({ actor }: { actor: PlanningScheduleActor }) {
  const view = useSelector(actor, (snapshot) => connectPlanningSchedule(snapshot, actor.send), sameView);
  return (
    <div className={styles.layout}>
      <section className={styles.card} aria-labelledby="schedule-dates">
        <h2 id="schedule-dates" className={styles.cardTitle}>
          Campaign dates
        </h2>
        <div className={styles.dates}>
          <TextField
            label="Start date"
            type="date"
            value={view.startDate}
            onValueChange={(value) => view.changeCampaignDate('startDate', value)}
            error={view.errors.startDate}
            disabled={view.readOnly}
          />
          <TextField
            label="End date"
            type="date"
            value={view.endDate}
            onValueChange={(value) => view.changeCampaignDate('endDate', value)}
            error={view.errors.endDate}
            disabled={view.readOnly}
          />
        </div>
        {view.errors.flights ? <p className={styles.error}>{view.errors.flights}</p> : null}
      </section>
      {view.platforms.map((platform) => (
        <PlatformFlights key={platform.key} view={view} platform={platform} />
      ))}
      <section className={styles.flowchartSection} aria-labelledby="schedule-flowchart">
        <h2 id="schedule-flowchart" className={styles.cardTitle}>
          Flowchart
        </h2>
        <Flowchart {...view.flowchart} />
      </section>
    </div>
  );
}

function PlatformFlights({ view, platform }: { view: PlanningScheduleView; platform: SchedulePlatformView }) {
  const money = (minor: number) => formatMoney(minor, view.currency);
  const headingId = `schedule-${platform.key}`;
  const { remainingMinor } = platform;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <header className={styles.platformHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          {platform.displayName}
        </h2>
        <p className={styles.allocated}>
          {money(platform.plannedMinor)} of {money(platform.allocatedMinor)} allocated
          <span
            className={
              remainingMinor === 0
                ? styles.remaining.even
                : remainingMinor > 0
                  ? styles.remaining.left
                  : styles.remaining.over
            }
          >
            {remainingMinor === 0
              ? 'Fully planned'
              : remainingMinor > 0
                ? `${money(remainingMinor)} remaining`
                : `${money(-remainingMinor)} over`}
          </span>
        </p>
      </header>
      <ol className={styles.flights}>
        {platform.flights.map((flight) => (
          <li key={flight.key}>
            <FlightRow view={view} platform={platform} flight={flight} />
          </li>
        ))}
      </ol>
      {platform.error ? (
        <p className={styles.error} role="alert">
          {platform.error}
        </p>
      ) : null}
      {view.readOnly ? null : (
        <div className={styles.platformActions}>
          <Button onClick={() => view.addFlight(platform.key)}>Add flight</Button>
        </div>
      )}
    </section>
  );
}

function FlightRow({
  view,
  platform,
  flight,
}: {
  view: PlanningScheduleView;
  platform: SchedulePlatformView;
  flight: ScheduleFlightView;
}) {
  const name = `${platform.displayName} flight ${flight.number}`;
  const pacingId = `pacing-${flight.key}`;
  return (
    <fieldset className={styles.flight}>
      <legend className={styles.flightLegend}>Flight {flight.number}</legend>
      <div className={styles.flightFields}>
        <TextField
          label="Start"
          type="date"
          value={flight.startDate}
          onValueChange={(value) => view.changeFlight(flight.key, 'startDate', value)}
          error={flight.errors.startDate ?? flight.errors.platform}
          disabled={view.readOnly}
          aria-label={`${name} start`}
        />
        <TextField
          label="End"
          type="date"
          value={flight.endDate}
          onValueChange={(value) => view.changeFlight(flight.key, 'endDate', value)}
          error={flight.errors.endDate}
          disabled={view.readOnly}
          aria-label={`${name} end`}
        />
        <TextField
          label={`Amount (${view.currency})`}
          inputMode="decimal"
          value={flight.amount}
          onValueChange={(value) => view.changeFlight(flight.key, 'amount', value)}
          error={flight.errors.amount}
          disabled={view.readOnly}
          aria-label={`${name} amount`}
          autoComplete="off"
        />
        <div className={styles.pacing}>
          <label htmlFor={pacingId} className={styles.pacingLabel}>
            Pacing
          </label>
          <select
            id={pacingId}
            className={styles.select}
            value={flight.pacing}
            disabled={view.readOnly}
            aria-label={`${name} pacing`}
            onChange={(event) => view.changeFlight(flight.key, 'pacing', event.currentTarget.value)}
          >
            {view.pacingOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {flight.errors.pacing ? <p className={styles.error}>{flight.errors.pacing}</p> : null}
        </div>
      </div>
      {view.readOnly ? null : (
        <div className={styles.flightActions}>
          <Button
            variant="ghost"
            onClick={() => view.fillRemaining(flight.key)}
            disabled={platform.remainingMinor === 0}
            aria-label={`Fill remaining into ${name}`}
          >
            Fill remaining
          </Button>
          <Button variant="ghost" onClick={() => view.removeFlight(flight.key)} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        </div>
      )}
    </fieldset>
  );
}
