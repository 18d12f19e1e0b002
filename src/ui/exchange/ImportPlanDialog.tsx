import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { formatDocumentAmount, type ImportLineItem } from '@contract/exchange';
import { OBJECTIVES, PLATFORMS } from '@contract/reference';
import { formatMoney } from '@src/lib/format';
import { type ChangeEvent, useId } from 'react';
import { AlertRegion } from '../Alert';
import { Button } from '../Button';
import * as dialogCss from '../dialog.css';
import * as css from './exchange.css';
import { usePlanImport } from './usePlanImport';

const platformName = (key: string | null) => PLATFORMS.find((p) => p.key === key)?.displayName ?? key ?? '';
const objectiveName = (id: number | null) => OBJECTIVES.find((o) => o.id === id)?.label ?? 'not recognised';

/**
 * “Import plan”: a MediaPlan Schema 3.0 JSON file becomes a new draft campaign, after a report of what
 * is kept on which platform, what is left out and why, and the warnings (the `planImport` chart). Nothing
 * is saved when nothing can be imported.
 */
export function ImportPlanDialog() {
  const { view, open, close, chooseFile, importNow, retry } = usePlanImport();
  const inputId = useId();
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after fixing it) is a new choice.
    event.target.value = '';
    if (file) chooseFile(file);
  };
  const { report } = view;
  const currency = report?.campaign.currency ?? 'EUR';
  const amount = (li: ImportLineItem) =>
    li.amountMinor === null ? '—' : formatMoney(li.amountMinor, currency);

  return (
    <>
      <Button variant="secondary" onClick={open}>
        Import plan
      </Button>
      <Dialog.Root
        open={view.isOpen}
        onOpenChange={(details) => {
          if (!details.open) close();
        }}
      >
        <Portal>
          <Dialog.Backdrop className={dialogCss.backdrop} />
          <Dialog.Positioner className={dialogCss.positioner}>
            <Dialog.Content className={dialogCss.dialog}>
              <div className={dialogCss.dialogBody} aria-busy={view.isBusy}>
                <Dialog.Title className={dialogCss.dialogTitle}>Import a plan</Dialog.Title>
                <Dialog.Description className={dialogCss.dialogText}>
                  A MediaPlan Schema 3.0 JSON file (from another tool or an earlier export) becomes a new
                  draft campaign. You see what it contains before anything is saved.
                </Dialog.Description>
                {view.canChooseFile ? (
                  <div>
                    <label htmlFor={inputId}>{report ? 'Choose another file' : 'MediaPlan JSON file'}</label>
                    <input
                      id={inputId}
                      className={css.fileInput}
                      type="file"
                      accept=".json,application/json"
                      onChange={onFile}
                    />
                  </div>
                ) : null}
                {view.status ? (
                  <p className={css.status} role="status">
                    {view.status}
                  </p>
                ) : null}
                <AlertRegion message={view.error} />
                {view.fieldErrors.length > 0 ? (
                  <ul className={css.list} aria-label="What the file is missing">
                    {view.fieldErrors.map((e) => (
                      <li key={e.path} className={css.problem}>
                        <code>{e.path}</code>: {e.message}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {report ? (
                  <section className={css.section} aria-label="Import report">
                    <p>
                      <strong>{report.campaign.name}</strong> · {objectiveName(report.campaign.objective)} ·{' '}
                      {report.campaign.start} to {report.campaign.end} ·{' '}
                      {formatMoney(report.campaign.budgetMinor, currency)}
                    </p>
                    {view.provenance ? <p className={css.status}>From: {view.provenance}</p> : null}
                    {view.kept.length > 0 ? (
                      <>
                        <h3 className={css.sectionTitle}>Line items kept ({view.kept.length})</h3>
                        <ul className={css.list} aria-label="Line items kept">
                          {view.kept.map((li) => (
                            <li key={li.id}>
                              {li.name} → {platformName(li.mappedPlatform)}, {li.startDate} to {li.endDate},{' '}
                              {amount(li)}
                              {li.exchangeRate !== undefined
                                ? ` (${formatDocumentAmount(li.costTotal, li.costCurrency)} at ${li.exchangeRate})`
                                : ''}
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                    {view.leftOut.length > 0 ? (
                      <>
                        <h3 className={css.sectionTitle}>Left out ({view.leftOut.length})</h3>
                        <ul className={css.list} aria-label="Left out">
                          {view.leftOut.map((li) => (
                            <li key={li.id}>
                              {li.name}, {li.amount}: <span className={css.reason}>{li.reason}</span>
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                    {view.warnings.length > 0 ? (
                      <>
                        <h3 className={css.sectionTitle}>Good to know</h3>
                        <ul className={css.list} aria-label="Warnings">
                          {view.warnings.map((w) => (
                            <li key={w.path} className={css.warning}>
                              {w.message}
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                    {view.problems.length > 0 ? (
                      <>
                        <h3 className={css.sectionTitle}>Why it cannot be imported</h3>
                        <ul className={css.list} aria-label="Problems">
                          {view.problems.map((p) => (
                            <li key={p.path} className={css.problem}>
                              <code>{p.path}</code>: {p.message}
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                  </section>
                ) : null}
                <div className={dialogCss.dialogFooter}>
                  <Button variant="secondary" onClick={close} disabled={view.phase === 'importing'}>
                    {view.phase === 'imported' ? 'Close' : 'Cancel'}
                  </Button>
                  {view.canRetry ? (
                    <Button variant="primary" onClick={retry}>
                      Try again
                    </Button>
                  ) : null}
                  {view.showImport ? (
                    <Button variant="primary" onClick={importNow} disabled={!view.canImport}>
                      {view.importLabel}
                    </Button>
                  ) : null}
                </div>
              </div>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
