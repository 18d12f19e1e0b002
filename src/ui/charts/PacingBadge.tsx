import { PACING_LABELS, type PacingStatus, type PacingThresholds, pacingMeanings } from '@contract/pacing';
import { pacingBadge } from './charts.css';

/** The status word; its meaning (with the account's thresholds) in the title. */
export function PacingBadge({ status, thresholds }: { status: PacingStatus; thresholds?: PacingThresholds }) {
  return (
    <span className={pacingBadge[status]} title={pacingMeanings(thresholds)[status]}>
      {PACING_LABELS[status]}
    </span>
  );
}
