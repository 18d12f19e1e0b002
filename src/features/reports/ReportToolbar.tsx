import {
  METRIC_LABELS,
  REPORT_GROUPINGS,
  REPORT_METRICS,
  type ReportGrouping,
  type ReportMetric,
  type ReportQuery,
  type ReportQueryErrors,
} from '@contract/reports';
import type { ReportCommands } from '@machines/report';
import { PRESET_LABELS, presetRange, RANGE_PRESETS, type RangePreset } from '@machines/report';
import type { FilterOption } from '@src/ui/FilterSelect';
import * as field from '@src/ui/field.css';
import { useEffect, useId, useState } from 'react';
import { ChoiceFilter } from './ChoiceFilter';
import {
  campaignNames,
  customerNames,
  platformOptions,
  STATUS_OPTIONS,
  searchCampaigns,
  searchCustomers,
} from './reportFilters';
import * as styles from './reports.css';
import { SearchPicker } from './SearchPicker';
import { useMenuDisclosure } from './useMenuDisclosure';

export const GROUPING_LABELS: Record<ReportGrouping, string> = {
  campaign: 'Campaign',
  platform: 'Platform',
  customer: 'Customer',
  day: 'Day',
  week: 'Week',
};

interface ToolbarProps {
  query: ReportQuery;
  preset: RangePreset | 'custom';
  range: { from: string; to: string };
  today: string;
  errors: ReportQueryErrors;
  /** The other currencies the account's campaigns use (the switch shows when there are any). */
  currencies: readonly string[];
  currency: string | null;
  commands: ReportCommands;
}

function ControlError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

/** The report's controls; each change is one URL change (a history entry) and a new query. */
export function ReportToolbar({
  query,
  preset,
  range,
  today,
  errors,
  currencies,
  currency,
  commands,
}: ToolbarProps) {
  const id = useId();
  const metricsMenu = useMenuDisclosure();
  const [platforms, setPlatforms] = useState<FilterOption[]>([]);
  useEffect(() => {
    let live = true;
    platformOptions().then(
      (options) => live && setPlatforms(options),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const described = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}` } : {};
  const [outer, inner] = query.groupBy;

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to jsdom and to browsers before 2023
    <div role="search" className={styles.toolbar} aria-label="Report controls">
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Date range</legend>
        <div className={styles.controlRow}>
          <label className={styles.control}>
            <span className={field.label}>Period</span>
            <select
              className={`${field.input} ${styles.select}`}
              value={preset}
              onChange={(event) => {
                const chosen = event.target.value as RangePreset | 'custom';
                if (chosen === 'custom') return;
                const range = presetRange(chosen, today);
                commands.changeRange(range.from, range.to);
              }}
            >
              {RANGE_PRESETS.map((option) => (
                <option key={option} value={option}>
                  {PRESET_LABELS[option]}
                </option>
              ))}
              <option value="custom">{PRESET_LABELS.custom}</option>
            </select>
          </label>
          <label className={styles.control}>
            <span className={field.label}>From</span>
            <input
              type="date"
              className={`${field.input} ${styles.dateInput}`}
              value={range.from}
              onChange={(event) => event.target.value && commands.changeRange(event.target.value, range.to)}
              {...described('from')}
            />
          </label>
          <label className={styles.control}>
            <span className={field.label}>To</span>
            <input
              type="date"
              className={`${field.input} ${styles.dateInput}`}
              value={range.to}
              onChange={(event) => event.target.value && commands.changeRange(range.from, event.target.value)}
              {...described('to')}
            />
          </label>
        </div>
        <ControlError id={`${id}-from`} message={errors.from} />
        <ControlError id={`${id}-to`} message={errors.to} />
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Group by</legend>
        <div className={styles.controlRow}>
          <label className={styles.control}>
            <span className={field.label}>Rows</span>
            <select
              className={`${field.input} ${styles.select}`}
              value={outer}
              onChange={(event) => {
                const next = event.target.value as ReportGrouping;
                commands.changeGrouping(inner && inner !== next ? [next, inner] : [next]);
              }}
              {...described('groupBy')}
            >
              {REPORT_GROUPINGS.map((grouping) => (
                <option key={grouping} value={grouping}>
                  {GROUPING_LABELS[grouping]}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.control}>
            <span className={field.label}>Then by</span>
            <select
              className={`${field.input} ${styles.select}`}
              value={inner ?? ''}
              onChange={(event) => {
                const next = event.target.value as ReportGrouping | '';
                commands.changeGrouping(next ? [outer ?? 'campaign', next] : [outer ?? 'campaign']);
              }}
            >
              <option value="">Nothing</option>
              {REPORT_GROUPINGS.filter((grouping) => grouping !== outer).map((grouping) => (
                <option key={grouping} value={grouping}>
                  {GROUPING_LABELS[grouping]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ControlError id={`${id}-groupBy`} message={errors.groupBy} />
      </fieldset>

      <div className={styles.control}>
        <details {...metricsMenu} className={styles.metricsMenu}>
          <summary className={styles.metricsSummary} {...described('metrics')}>
            Metrics ({query.metrics.length})
          </summary>
          <fieldset className={`${styles.fieldset} ${styles.metricsList}`}>
            <legend className={styles.legend}>Columns</legend>
            {REPORT_METRICS.map((metric) => {
              const shown = query.metrics.includes(metric);
              return (
                <label key={metric} className={styles.check}>
                  <input
                    type="checkbox"
                    checked={shown}
                    // The report needs a metric: the last one stays.
                    disabled={shown && query.metrics.length === 1}
                    onChange={() =>
                      commands.changeMetrics(
                        REPORT_METRICS.filter((m) => (m === metric ? !shown : query.metrics.includes(m))),
                      )
                    }
                  />
                  {METRIC_LABELS[metric]}
                </label>
              );
            })}
          </fieldset>
        </details>
        <ControlError id={`${id}-metrics`} message={errors.metrics} />
      </div>

      <SearchPicker
        label="Customers"
        value={query.customerIds}
        search={searchCustomers}
        resolve={customerNames}
        onChange={(ids) => commands.changeFilter('customer', ids)}
        error={errors.customer}
      />
      <SearchPicker
        label="Campaigns"
        value={query.campaignIds}
        search={searchCampaigns}
        resolve={campaignNames}
        onChange={(ids) => commands.changeFilter('campaign', ids)}
        error={errors.campaign}
      />
      <ChoiceFilter
        label="Platforms"
        options={platforms}
        chosen={query.platforms}
        error={errors.platform}
        onToggle={(value) => commands.toggleFilter('platform', value)}
        onRemove={(value) => commands.removeFilter('platform', value)}
      />
      <ChoiceFilter
        label="Statuses"
        options={STATUS_OPTIONS}
        chosen={query.statuses}
        error={errors.status}
        onToggle={(value) => commands.toggleFilter('status', value)}
        onRemove={(value) => commands.removeFilter('status', value)}
      />
      <div className={styles.control}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={query.compare}
            onChange={(event) => commands.changeCompare(event.target.checked)}
            {...described('compare')}
          />
          Compare with the previous period
        </label>
        <ControlError id={`${id}-compare`} message={errors.compare} />
      </div>
      {currencies.length > 0 || errors.currency ? (
        <div className={styles.control}>
          <label className={styles.control}>
            <span className={field.label}>Currency</span>
            <select
              className={`${field.input} ${styles.select}`}
              value={currency ?? ''}
              onChange={(event) => commands.changeCurrency(event.target.value)}
              {...described('currency')}
            >
              {[...new Set([currency ?? '', ...currencies])].filter(Boolean).map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
          <ControlError id={`${id}-currency`} message={errors.currency} />
        </div>
      ) : null}
    </div>
  );
}

/** The metric picker's choices as the chart's select offers them. */
export const metricOptions = (metrics: readonly ReportMetric[]) =>
  metrics.map((metric) => ({ value: metric, label: METRIC_LABELS[metric] }));
