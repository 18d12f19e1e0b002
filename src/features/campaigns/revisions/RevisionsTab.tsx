import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { ROLE_LABELS, type Role } from '@contract/policy';
import type {
  RevisionDecision,
  RevisionHistoryView,
  RevisionRow,
  SendDialogView,
} from '@machines/revisionHistory';
import { formatDateTime } from '@src/lib/format';
import { AlertRegion } from '@src/ui/Alert';
import { Button } from '@src/ui/Button';
import * as badgeCss from '@src/ui/badge.css';
import * as cardCss from '@src/ui/card.css';
import * as dialogCss from '@src/ui/dialog.css';
import * as fieldCss from '@src/ui/field.css';
import { PermittedButton } from '@src/ui/PermittedButton';
import { Notice } from '@src/ui/settings/Notice';
import * as stateCss from '@src/ui/state.css';
import * as textCss from '@src/ui/text.css';
import { type FormEvent, useId } from 'react';
import { Link } from 'react-router-dom';
import * as css from './revisions.css';

/** The campaign page's “Revisions” tab: the history, newest first, and “Send for approval”. */
export function RevisionsTab({ history }: { history: RevisionHistoryView }) {
  return (
    <section className={`${cardCss.card} ${css.section}`} aria-labelledby="revisions-title">
      <div className={css.heading}>
        <h2 id="revisions-title" className={cardCss.cardTitle}>
          Revisions
        </h2>
        {history.showSend ? (
          <PermittedButton action="revisions.submit" variant="primary" onClick={history.openSend}>
            Send for approval
          </PermittedButton>
        ) : null}
      </div>
      {history.notice ? (
        <Notice tone={history.notice.tone} onDismiss={history.dismissNotice}>
          {history.notice.text}
        </Notice>
      ) : null}
      {history.isLoading ? (
        <p className={stateCss.stateText} aria-busy="true">
          Loading revisions…
        </p>
      ) : history.loadError ? (
        <Notice
          tone="error"
          title="The revisions could not be loaded."
          actions={
            <Button variant="secondary" onClick={history.retry}>
              Try again
            </Button>
          }
        >
          {history.loadError}
        </Notice>
      ) : history.rows.length === 0 ? (
        <p className={textCss.muted}>No revisions yet.</p>
      ) : (
        <ol className={css.list} aria-label="Revisions, newest first">
          {history.rows.map((row) => (
            <RevisionItem key={row.number} row={row} />
          ))}
        </ol>
      )}
      <SendDialog dialog={history.dialog} history={history} />
    </section>
  );
}

/** Approved by Cleo Client (typed “Cleo Client”, confirmed with authenticator app) on Nov 21, 2026, 10:00 AM */
function approvedLine(decision: Extract<RevisionDecision, { kind: 'approved' }>): string {
  const how = [
    decision.typedName ? `typed “${decision.typedName}”` : null,
    decision.method ? `confirmed with ${decision.method}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return `Approved by ${decision.by}${how ? ` (${how})` : ''}${decision.at ? ` on ${formatDateTime(decision.at)}` : ''}`;
}

function RevisionItem({ row }: { row: RevisionRow }) {
  const { decision } = row;
  return (
    <li className={css.item} aria-label={`Revision ${row.number}`}>
      <div className={css.itemHead}>
        <span className={css.number}>Revision {row.number}</span>
        <span className={badgeCss.revisionBadge[row.status]}>{row.statusLabel}</span>
      </div>
      <p className={css.meta}>
        {row.isDraft
          ? `The plan as it is now, not sent yet · started ${formatDateTime(row.createdAt)}`
          : `Sent by ${row.sentBy ?? 'someone no longer here'} on ${formatDateTime(row.createdAt)}`}
        {row.approvers.length > 0 ? ` · approvers: ${row.approvers.join(', ')}` : ''}
      </p>
      {decision?.kind === 'approved' ? <p className={css.decision}>{approvedLine(decision)}</p> : null}
      {decision?.kind === 'changesRequested' ? (
        <blockquote className={css.comment}>
          <span className={css.commentLabel}>
            {decision.by} asked for changes{decision.at ? ` on ${formatDateTime(decision.at)}` : ''}:
          </span>
          {decision.comment ?? 'No comment.'}
        </blockquote>
      ) : null}
      <div className={css.links}>
        {row.isDraft ? null : (
          <Link to={row.openHref} className={textCss.textLink}>
            Open
          </Link>
        )}
        {row.compareHref ? (
          <Link to={row.compareHref} className={textCss.textLink}>
            Compare with revision {row.number - 1}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function SendDialog({ dialog, history }: { dialog: SendDialogView | null; history: RevisionHistoryView }) {
  const errorId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    history.confirmSend();
  };
  return (
    <Dialog.Root
      open={dialog !== null}
      onOpenChange={(details) => {
        if (!details.open && !dialog?.isSending) history.cancelSend();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog}>
            {dialog ? (
              <form
                className={dialogCss.dialogBody}
                onSubmit={onSubmit}
                noValidate
                aria-busy={dialog.isSending}
              >
                <Dialog.Title className={dialogCss.dialogTitle}>
                  Send revision {dialog.number} for approval
                </Dialog.Title>
                <Dialog.Description className={dialogCss.dialogText}>
                  The plan is frozen as it is now; the approvers review it and approve it or ask for changes.
                </Dialog.Description>
                <AlertRegion message={dialog.error} />
                {dialog.isLoading ? (
                  <p className={stateCss.stateText} aria-busy="true">
                    Loading approvers…
                  </p>
                ) : dialog.loadError ? (
                  <Notice
                    tone="error"
                    title="The approvers could not be listed."
                    actions={
                      <Button variant="secondary" onClick={history.retryApprovers}>
                        Try again
                      </Button>
                    }
                  >
                    {dialog.loadError}
                  </Notice>
                ) : (
                  <fieldset
                    className={css.choices}
                    aria-invalid={dialog.approverIdsError ? true : undefined}
                    aria-describedby={dialog.approverIdsError ? errorId : undefined}
                  >
                    <legend className={css.legend}>Approvers</legend>
                    {dialog.approvers.length === 0 ? (
                      <p className={fieldCss.hint}>Nobody in this account can approve plans yet.</p>
                    ) : null}
                    {dialog.approvers.map((approver) => (
                      <label key={approver.id} className={css.choice}>
                        <input
                          type="checkbox"
                          checked={approver.checked}
                          disabled={dialog.isSending}
                          onChange={() => history.toggleApprover(approver.id)}
                        />
                        <span>
                          {approver.name}
                          <span className={css.choiceHint}>
                            {approver.email} · {ROLE_LABELS[approver.role as Role] ?? approver.role}
                          </span>
                        </span>
                      </label>
                    ))}
                    {dialog.approverIdsError ? (
                      <p id={errorId} className={fieldCss.error}>
                        {dialog.approverIdsError}
                      </p>
                    ) : null}
                  </fieldset>
                )}
                <div className={dialogCss.dialogFooter}>
                  <Button variant="secondary" onClick={history.cancelSend} disabled={dialog.isSending}>
                    Cancel
                  </Button>
                  <Button
                    type="submit"
                    variant="primary"
                    disabled={dialog.isSending || dialog.isLoading || dialog.loadError !== null}
                  >
                    {dialog.sendLabel}
                  </Button>
                </div>
              </form>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
