import { PACING_LABELS, PACING_MEANINGS, type PacingStatus } from '@contract/pacing';
import { pacingBadge } from './charts.css';

/** The status word; its meaning in the title (the pages also write it out where there is room). */
export function PacingBadge({ status }: { status: PacingStatus }) {
  return (
    <span className={pacingBadge[status]} title={PACING_MEANINGS[status]}>
      {PACING_LABELS[status]}
    </span>
  );
}
