import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { CAMPAIGN_NOT_FOUND_MESSAGE } from '@contract/campaigns';
import type {
  DuplicateCampaignEmitted,
  DuplicateCampaignInput,
  DuplicateCampaignView,
} from '@machines/duplicateCampaign';
import { type FormEvent, useId } from 'react';
import { AlertRegion } from '../Alert';
import { visuallyHidden } from '../a11y.css';
import { Button } from '../Button';
import { Choices } from '../Choices';
import * as dialogCss from '../dialog.css';
import { hint as hintClass } from '../field.css';
import { TextField } from '../TextField';
import * as css from './duplicate.css';
import { useDuplicateCampaign } from './useDuplicateCampaign';

const TITLE = 'Duplicate campaign';

/** "Shift dates by" days or weeks. */
function ShiftField({ view }: { view: DuplicateCampaignView }) {
  const hintId = useId();
  return (
    <div className={css.shift}>
      <TextField
        label="Shift dates by"
        name="shift"
        inputMode="numeric"
        autoComplete="off"
        optional
        placeholder="0"
        value={view.shift}
        onValueChange={view.changeShift}
        error={view.datesError}
        readOnly={view.isLocked}
        className={css.shiftAmount}
        {...(view.datesError ? {} : { 'aria-describedby': hintId })}
      />
      <label className={css.shiftUnit}>
        <span className={visuallyHidden}>Unit</span>
        <select
          value={view.shiftUnit}
          onChange={(event) => view.changeShiftUnit(event.currentTarget.value as 'days' | 'weeks')}
          disabled={view.isLocked}
          className={css.unitSelect}
        >
          <option value="days">days</option>
          <option value="weeks">weeks</option>
        </select>
      </label>
      {view.datesError ? null : (
        <p id={hintId} className={`${hintClass} ${css.shiftHint}`}>
          The copy’s dates and every flight move together, e.g. 13 weeks for the next quarter. Empty: the same
          dates.
        </p>
      )}
    </div>
  );
}

/** A new start date: the shift is the days from the campaign's start to it. */
function StartField({ view }: { view: DuplicateCampaignView }) {
  const hintId = useId();
  return (
    <div>
      <TextField
        label="New start date"
        name="newStart"
        type="date"
        value={view.newStart}
        onValueChange={view.changeStart}
        error={view.datesError}
        readOnly={view.isLocked}
        {...(view.datesError ? {} : { 'aria-describedby': hintId })}
      />
      {view.datesError ? null : (
        <p id={hintId} className={hintClass}>
          The campaign starts on {view.currentStart}; its end and every flight move by as many days.
        </p>
      )}
    </div>
  );
}

function Dates({ view }: { view: DuplicateCampaignView }) {
  return (
    <div className={css.dates}>
      <Choices
        legend="Dates of the copy"
        type="radio"
        error={null}
        disabled={view.isLocked}
        options={[
          {
            key: 'shift',
            label: 'Shift by days or weeks',
            hint: null,
            checked: view.mode === 'shift',
            onChange: (checked) => checked && view.chooseMode('shift'),
          },
          {
            key: 'startDate',
            label: 'Start on a new date',
            hint: null,
            checked: view.mode === 'startDate',
            onChange: (checked) => checked && view.chooseMode('startDate'),
          },
        ]}
      />
      {view.mode === 'shift' ? <ShiftField view={view} /> : <StartField view={view} />}
    </div>
  );
}

function Body({ view }: { view: DuplicateCampaignView }) {
  const hintId = useId();
  const cancel = (
    <Button variant="secondary" onClick={view.cancel} disabled={view.isSubmitting}>
      Cancel
    </Button>
  );
  if (view.phase === 'loading') {
    return (
      <div className={dialogCss.dialogBody} aria-busy="true">
        <Dialog.Title className={dialogCss.dialogTitle}>{TITLE}</Dialog.Title>
        <Dialog.Description className={dialogCss.dialogText}>Loading…</Dialog.Description>
        <div className={dialogCss.dialogFooter}>{cancel}</div>
      </div>
    );
  }
  if (view.phase === 'notFound') {
    return (
      <div className={dialogCss.dialogBody}>
        <Dialog.Title className={dialogCss.dialogTitle}>{TITLE}</Dialog.Title>
        <Dialog.Description className={dialogCss.dialogText}>{CAMPAIGN_NOT_FOUND_MESSAGE}</Dialog.Description>
        <div className={dialogCss.dialogFooter}>{cancel}</div>
      </div>
    );
  }
  if (view.phase === 'loadFailed') {
    return (
      <div className={dialogCss.dialogBody}>
        <Dialog.Title className={dialogCss.dialogTitle}>{TITLE}</Dialog.Title>
        <AlertRegion message={view.formError} />
        <div className={dialogCss.dialogFooter}>
          {cancel}
          <Button variant="primary" onClick={view.retry}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submit();
  };
  return (
    <form className={dialogCss.dialogBody} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
      <Dialog.Title className={dialogCss.dialogTitle}>{TITLE}</Dialog.Title>
      <Dialog.Description className={dialogCss.dialogText}>
        A new draft with the plan of {view.sourceName}: its platforms, budget split, audience, ads and
        flights.
      </Dialog.Description>
      <TextField
        label="Campaign name"
        name="name"
        autoComplete="off"
        required
        value={view.name}
        onValueChange={view.changeName}
        error={view.nameError}
        readOnly={view.isLocked}
        {...(view.nameError ? {} : { 'aria-describedby': hintId })}
      />
      {view.nameError ? null : (
        <p id={hintId} className={hintClass}>
          Enter a name for the new campaign.
        </p>
      )}
      {view.canMoveDates ? <Dates view={view} /> : null}
      {/* Always there (a live region), drawn only when it has something to say. */}
      <div
        className={view.preview ? css.preview : undefined}
        aria-live="polite"
        aria-atomic="true"
        data-testid="duplicate-preview"
      >
        {view.preview ? (
          <>
            <span className={css.previewDates}>
              {view.canMoveDates ? `New dates: ${view.preview.dates}` : view.preview.dates}
            </span>
            {view.preview.budget ? <span>{view.preview.budget}</span> : null}
          </>
        ) : null}
      </div>
      <AlertRegion message={view.formError} />
      <div className={dialogCss.dialogFooter}>
        {cancel}
        <Button type="submit" variant="primary" disabled={view.isLocked}>
          {view.submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The duplicate dialog (issue 28). The page mounts it while `?duplicateCampaign=true&campaignId=…` is in the
 * URL (each opening starts afresh); the `duplicateCampaign` chart inside decides its phase.
 */
export function DuplicateCampaignDialog(props: {
  input: DuplicateCampaignInput;
  onSucceeded: (event: Extract<DuplicateCampaignEmitted, { type: 'modal.succeeded' }>) => void;
  onClose: () => void;
}) {
  const view = useDuplicateCampaign(props.input, props);
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) view.cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog}>
            <Body view={view} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
