import type { RevisionCompareView } from '@machines/revisionCompare';
import { Button } from '@src/ui/Button';
import * as fieldCss from '@src/ui/field.css';
import { PageLoading } from '@src/ui/PageLoading';
import { PageHeader } from '@src/ui/records/RecordParts';
import { DiffSections, formatsFor } from '@src/ui/revisions/DiffSections';
import { describeDiff } from '@src/ui/revisions/describeDiff';
import * as css from '@src/ui/revisions/diff.css';
import { Notice } from '@src/ui/settings/Notice';
import { useId, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useRevisionCompare } from './useRevisionCompare';

/** /campaigns/:id/revisions/:a/compare/:b: what changed from revision A to revision B. */
export function CompareView() {
  const { id = '', a = '', b = '' } = useParams();
  const from = Number(a);
  const to = Number(b);
  // Another campaign is a new page: its own chart (another pair is the same chart's `pair.choose`).
  return <ComparePage key={id} campaignId={id} from={from} to={to} />;
}

function ComparePage({ campaignId, from, to }: { campaignId: string; from: number; to: number }) {
  const compare = useRevisionCompare(campaignId, from, to);
  const campaignHref = `/campaigns/${encodeURIComponent(campaignId)}`;
  if (compare.isLoading) return <PageLoading inline />;
  if (compare.notFound)
    return (
      <Notice tone="warning" title="Revision not found">
        One of these revisions does not exist.{' '}
        <Link to={`${campaignHref}?tab=revisions`}>See the revisions</Link>
      </Notice>
    );
  if (compare.loadError)
    return (
      <Notice
        tone="error"
        title="The comparison could not be loaded."
        actions={
          <Button variant="secondary" onClick={compare.retry}>
            Try again
          </Button>
        }
      >
        {compare.loadError}
      </Notice>
    );
  const campaign = compare.campaign!;
  return (
    <div className={css.page}>
      <PageHeader
        breadcrumb={[
          { label: 'Campaigns', to: '/campaigns' },
          { label: campaign.name, to: campaignHref },
          { label: 'Revisions', to: `${campaignHref}?tab=revisions` },
          { label: `Revision ${from} → ${to}` },
        ]}
        title={`Compare revision ${from} with revision ${to}`}
        subtitle="What changed in the plan, the way an insertion order is re-issued: each change as old → new."
      />
      <Pickers compare={compare} />
      <Comparison compare={compare} currency={campaign.currency} />
    </div>
  );
}

function Pickers({ compare }: { compare: RevisionCompareView }) {
  return (
    <div className={css.pickers}>
      <Picker
        label="Revision A"
        value={compare.from}
        options={compare.options}
        onChoose={compare.chooseFrom}
      />
      <span className={css.arrow} aria-hidden="true">
        →
      </span>
      <Picker label="Revision B" value={compare.to} options={compare.options} onChoose={compare.chooseTo} />
    </div>
  );
}

/** One side of the comparison: a revision to choose. */
function Picker({
  label,
  value,
  options,
  onChoose,
}: {
  label: string;
  value: number;
  options: RevisionCompareView['options'];
  onChoose: (number: number) => void;
}) {
  const id = useId();
  return (
    <div className={css.picker}>
      <label htmlFor={id} className={fieldCss.label}>
        {label}
      </label>
      <select
        id={id}
        className={fieldCss.input}
        value={value}
        onChange={(event) => onChoose(Number(event.currentTarget.value))}
      >
        {options.map((option) => (
          <option key={option.number} value={option.number}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The sections of a comparison (src/ui/revisions/DiffSections, shared with the review page). */
export function Comparison({ compare, currency }: { compare: RevisionCompareView; currency: string }) {
  const described = useMemo(
    () => (compare.diff ? describeDiff(compare.diff, formatsFor(currency, compare.interestNames)) : null),
    [compare.diff, compare.interestNames, currency],
  );
  if (!described) return null;
  if (compare.isEmpty)
    return (
      <Notice tone="info" title="No changes">
        Revision {compare.to} is the same plan as revision {compare.from}.
      </Notice>
    );
  return <DiffSections described={described} />;
}

export default CompareView;
