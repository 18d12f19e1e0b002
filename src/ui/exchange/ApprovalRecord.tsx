import { approvalRecordLines, signOffOfRevisions } from '@contract/exchange';
import type { RevisionSummary } from '@contract/revisions';
import * as css from './exchange.css';

/**
 * The campaign's approval record, the same lines the insertion order prints: who approved which revision,
 * when, the name they typed, how they confirmed, and its hash. Nothing before the first revision.
 */
export function ApprovalRecord({
  campaignId,
  revisions,
}: {
  campaignId: string;
  /** As `GET /api/campaigns/{id}/revisions` answers them: newest first. */
  revisions: readonly RevisionSummary[];
}) {
  const signOff = signOffOfRevisions(campaignId, revisions);
  if (!signOff) return null;
  const [summary, ...details] = approvalRecordLines(signOff);
  return (
    <section className={css.section} aria-label="Approval record">
      <h3 className={css.sectionTitle}>Approval record</h3>
      <p>{summary}</p>
      <ul className={css.list}>
        {details.map((line) => (
          <li key={line} className={line.startsWith('Content hash') ? css.hash : undefined}>
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}
