import {
  type AudiencePlatformView,
  connectPlanningAudience,
  type GenderChoice,
  type PlanningAudienceView,
  type planningAudienceMachine,
} from '@machines/planning/planningAudience';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import * as styles from './audienceStep.css';
import { ChipPicker } from './ChipPicker';
import { countryName, formatReach, languageName, matchingCodes } from './displayNames';

export type PlanningAudienceActor = ActorRefFrom<typeof planningAudienceMachine>;

const GENDER_OPTIONS: { value: GenderChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
];

/** The wizard's audience step: markup over the `planningAudience` chart's view model. */
export function AudienceStep({ actor }: { actor: PlanningAudienceActor }) {
  const view = useSelector(actor, (snapshot) => connectPlanningAudience(snapshot, actor.send), sameView);
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <section className={styles.section} aria-labelledby="audience-who">
          <h2 id="audience-who" className={styles.sectionTitle}>
            Who should see your ads?
          </h2>
          <Locations view={view} />
          <Ages view={view} />
          <Genders view={view} />
          <Languages view={view} />
        </section>
        <section className={styles.section} aria-labelledby="audience-interests">
          <h2 id="audience-interests" className={styles.sectionTitle}>
            Detailed targeting
          </h2>
          <p className={styles.sectionText}>
            Each platform has its own interests. Leave a platform empty to reach everyone in the audience
            above.
          </p>
          {view.platforms.map((platform) => (
            <PlatformInterests key={platform.key} view={view} platform={platform} />
          ))}
        </section>
      </div>
      <aside className={styles.side} aria-label="Estimated audience size">
        {view.platforms.map((platform) => (
          <EstimateCard key={platform.key} platform={platform} />
        ))}
      </aside>
    </div>
  );
}

/** A new view model every snapshot would re-render on every keystroke's echo; compare what is shown. */
const sameView = (a: PlanningAudienceView, b: PlanningAudienceView) =>
  JSON.stringify(a) === JSON.stringify(b);

function Locations({ view }: { view: PlanningAudienceView }) {
  const [query, setQuery] = useState('');
  const options = useMemo(
    () => matchingCodes(view.countryCodes, countryName, query, view.locations),
    [view.countryCodes, view.locations, query],
  );
  return (
    <ChipPicker
      label="Locations"
      placeholder="Search countries"
      options={options}
      chosen={view.locations.map((code) => ({ value: code, label: countryName(code) }))}
      onInputValueChange={setQuery}
      onAdd={view.addLocation}
      onRemove={view.removeLocation}
      disabled={view.readOnly}
      error={view.errors.locations}
      emptyText="No country matches"
    />
  );
}

function Languages({ view }: { view: PlanningAudienceView }) {
  const [query, setQuery] = useState('');
  const options = useMemo(
    () => matchingCodes(view.languageCodes, languageName, query, view.languages),
    [view.languageCodes, view.languages, query],
  );
  return (
    <ChipPicker
      label="Languages"
      placeholder={view.languages.length ? 'Add a language' : 'All languages'}
      options={options}
      chosen={view.languages.map((code) => ({ value: code, label: languageName(code) }))}
      onInputValueChange={setQuery}
      onAdd={view.addLanguage}
      onRemove={view.removeLanguage}
      disabled={view.readOnly}
      error={view.errors.languages}
      emptyText="No language matches"
    />
  );
}

function Ages({ view }: { view: PlanningAudienceView }) {
  const ageLabel = (age: number) => (age === view.ageOptions.at(-1) ? `${age}+` : String(age));
  const error = view.errors.ageMin ?? view.errors.ageMax;
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? 'audience-age-error' : undefined}>
      <legend className={styles.legend}>Age</legend>
      <div className={styles.ageRow}>
        <label className={styles.inlineLabel}>
          <span className={styles.visuallyHidden}>Youngest age</span>
          <select
            className={styles.select}
            value={view.ageMin}
            disabled={view.readOnly}
            aria-invalid={Boolean(view.errors.ageMin)}
            onChange={(event) => view.changeAge('ageMin', Number(event.currentTarget.value))}
          >
            {view.ageOptions.map((age) => (
              <option key={age} value={age}>
                {ageLabel(age)}
              </option>
            ))}
          </select>
        </label>
        <span aria-hidden="true" className={styles.dash}>
          –
        </span>
        <label className={styles.inlineLabel}>
          <span className={styles.visuallyHidden}>Oldest age</span>
          <select
            className={styles.select}
            value={view.ageMax}
            disabled={view.readOnly}
            aria-invalid={Boolean(view.errors.ageMax)}
            onChange={(event) => view.changeAge('ageMax', Number(event.currentTarget.value))}
          >
            {view.ageOptions.map((age) => (
              <option key={age} value={age}>
                {ageLabel(age)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error ? (
        <p id="audience-age-error" className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Genders({ view }: { view: PlanningAudienceView }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Gender</legend>
      <div className={styles.segmented}>
        {GENDER_OPTIONS.map((option) => (
          <label key={option.value} className={styles.segment}>
            <input
              type="radio"
              name="audience-gender"
              className={styles.segmentInput}
              value={option.value}
              checked={view.gender === option.value}
              disabled={view.readOnly}
              onChange={() => view.chooseGender(option.value)}
            />
            <span className={styles.segmentLabel}>{option.label}</span>
          </label>
        ))}
      </div>
      {view.errors.genders ? <p className={styles.error}>{view.errors.genders}</p> : null}
    </fieldset>
  );
}

function PlatformInterests({
  view,
  platform,
}: {
  view: PlanningAudienceView;
  platform: AudiencePlatformView;
}) {
  const { search } = platform;
  const options = (search?.results ?? []).map((interest) => ({
    value: interest.id,
    label: interest.name,
    // A platform that publishes no segment sizes (Google) answers 0: the place in the taxonomy alone.
    hint: [
      interest.path.join(' › '),
      interest.audienceSize > 0 ? formatReach(interest.audienceSize, interest.audienceSize) : '',
    ]
      .filter(Boolean)
      .join(' · '),
  }));
  const results = search?.results ?? [];
  return (
    <div className={styles.platformBlock}>
      <ChipPicker
        label={`${platform.displayName} interests`}
        placeholder={platform.canAddInterest ? 'Search interests, e.g. travel' : 'Maximum reached'}
        options={options}
        chosen={platform.interests.map((i) => ({ value: i.id, label: i.name }))}
        onInputValueChange={(text) => view.searchInterests(platform.key, text)}
        onAdd={(id) => {
          const interest = results.find((i) => i.id === id);
          if (interest) view.addInterest(platform.key, interest);
        }}
        onRemove={(id) => view.removeInterest(platform.key, id)}
        disabled={view.readOnly || (!platform.canAddInterest && platform.interests.length === 0)}
        error={platform.error}
        hint={`${platform.interests.length} of ${platform.maxInterests} interests`}
        emptyText={
          search?.failureMessage
            ? search.failureMessage
            : search?.loading || !search
              ? 'Searching…'
              : 'No interest matches'
        }
      />
    </div>
  );
}

const GUIDANCE_LABELS = { too_narrow: 'Too specific', fits: 'Fairly broad', too_broad: 'Too broad' } as const;

/** Meta's "Audience definition" card: a gauge from specific to broad, the reach as a range, the advice. */
function EstimateCard({ platform }: { platform: AudiencePlatformView }) {
  const { estimate } = platform;
  const headingId = `estimate-${platform.key}`;
  return (
    <section className={styles.estimateCard} aria-labelledby={headingId} aria-live="polite">
      <h3 id={headingId} className={styles.estimateTitle}>
        {platform.displayName}
      </h3>
      <div className={styles.gauge} aria-hidden="true">
        <span className={styles.gaugeNarrow} />
        <span className={styles.gaugeFits} />
        <span className={styles.gaugeBroad} />
        {estimate.guidance ? <span className={styles.needle[estimate.guidance]} /> : null}
      </div>
      <div className={styles.gaugeLabels} aria-hidden="true">
        <span>Specific</span>
        <span>Broad</span>
      </div>
      {estimate.status === 'shown' && estimate.lower !== null && estimate.upper !== null ? (
        <>
          <p className={styles.estimateLabel}>Estimated audience size</p>
          <p className={styles.estimateRange}>{formatReach(estimate.lower, estimate.upper)}</p>
          {estimate.guidance ? (
            <p className={styles.guidance[estimate.guidance]}>{GUIDANCE_LABELS[estimate.guidance]}</p>
          ) : null}
          {estimate.message ? <p className={styles.estimateMessage}>{estimate.message}</p> : null}
        </>
      ) : (
        <p className={styles.estimateMessage}>
          {estimate.status === 'loading'
            ? 'Estimating…'
            : estimate.status === 'failed'
              ? (estimate.message ?? 'Audience size unavailable right now.')
              : 'Choose a location to see the audience size.'}
        </p>
      )}
    </section>
  );
}
