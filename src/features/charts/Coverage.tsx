import type { LevelCount } from '@machines/chartsExplorer';
import * as css from './charts.css';

/** “12/16”, marked when transitions are left; “not run” when that level did not run. */
export function LevelCell({ count, label }: { count: LevelCount | null | undefined; label: string }) {
  if (!count) return <span className={css.muted}>not run</span>;
  const left = count.of - count.taken;
  return (
    <span
      className={`${css.numeric} ${left > 0 ? css.gap : ''}`}
      title={
        left > 0
          ? `${left} transition${left === 1 ? '' : 's'} never taken ${label}`
          : `every transition taken ${label}`
      }
    >
      {count.taken}/{count.of}
    </span>
  );
}
