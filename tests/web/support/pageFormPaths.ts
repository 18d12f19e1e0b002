import type { Chart } from '@machines/chart';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { fireEvent, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { WatchedActor } from '../../paths/viewActors';
import type { EventPerformer, StateCheck, ViewStep } from '../../paths/viewPathTests';
import type { HeldServer } from './heldServer';

/**
 * What the view path tests of a page form (a chart built on `formSubmitStates`, shown by `PageForm`: the
 * budget edit form, the campaign overview) have in common: the page they drive, the context each step's
 * checks compare the page with, and the checks of `editing`, `submitting` and `failed`.
 *
 * The chart's paths know the form only up to its abstraction, so the checks compare the page with the
 * view's own actor's context (known from the first event on; before it, the chart's initial context).
 */

/** The mounted page: the held server, the user, the router's location, and the view's actor once known. */
export interface PageFormPage {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
  location: () => string;
  /** The view's actor, known from the first event on. */
  watched?: WatchedActor;
}

interface PageFormContext {
  values: object;
  fieldErrors: object;
  formError: string | null;
}

/** Sets a date field the way a date picker does: the whole date at once; the same date again is cleared and set. */
export function pickDate(field: HTMLInputElement, value: string) {
  if (field.value === value) fireEvent.change(field, { target: { value: '' } });
  fireEvent.change(field, { target: { value } });
}

export interface PageFormPathsOptions<TContext extends PageFormContext, TField extends string> {
  chart: Chart;
  /** The form's region on the page. */
  form: () => HTMLElement;
  /** The label of each typed or chosen field the checks read. */
  labels: Record<TField, string>;
  /** The submit button's label while the form is not locked (it reads `busyLabel` while it is). */
  submitLabel: string;
  /** The submit button's label while the form is locked (default “Saving…”). */
  busyLabel?: string;
  /** What else the form shows of the context (option groups...), checked after the fields. */
  expectMore?: (context: TContext) => void;
}

export function pageFormPaths<TContext extends PageFormContext, TField extends string>(
  options: PageFormPathsOptions<TContext, TField>,
) {
  const { chart, form, labels, submitLabel, busyLabel = 'Saving…' } = options;
  /** The chart's initial context (a path's first vertex may be another context with the same abstraction). */
  const initial = createActor(chart.machine, { input: chart.input }).getSnapshot().context;
  const input = (name: TField) => within(form()).getByLabelText<HTMLInputElement>(labels[name]);
  const submitButton = () =>
    within(form()).getByRole('button', { name: new RegExp(`^(${submitLabel}|${busyLabel})$`) });
  /** The context the page should show: the view's actor's own. */
  const context = (view: PageFormPage, step: ViewStep) =>
    (view.watched?.actor.getSnapshot().context ??
      (step.index === 0 ? initial : step.state.context)) as TContext;
  /** Every event means first remembers the view's actor. */
  const watching =
    <TPage extends PageFormPage>(perform: EventPerformer<TPage>): EventPerformer<TPage> =>
    (view, step, run) => {
      view.watched = run.watched;
      return perform(view, step, run);
    };

  /** The form shows the context: values, each field's message (or none), the form's message. */
  function expectForm(shown: TContext) {
    const values = shown.values as Record<TField, unknown>;
    const fieldErrors = shown.fieldErrors as Partial<Record<TField, string>>;
    for (const name of Object.keys(labels) as TField[]) {
      expect(input(name).value).toBe(values[name]);
      const message = fieldErrors[name];
      if (message) expect(input(name)).toHaveAccessibleDescription(message);
      else expect(input(name)).not.toHaveAttribute('aria-invalid');
    }
    options.expectMore?.(shown);
    // The form's message region is the last alert (an upgrade notice is one too).
    if (shown.formError)
      expect(within(form()).getAllByRole('alert').at(-1)).toHaveTextContent(shown.formError);
    else expect(within(form()).getAllByRole('alert').at(-1)).toBeEmptyDOMElement();
  }

  /** The checks of `editing`, `submitting` and `failed`; each test adds `succeeded` (where the page goes). */
  const states: Record<'editing' | 'submitting' | 'failed', StateCheck<PageFormPage>> = {
    editing: (view, step) => {
      expectForm(context(view, step));
      expect(submitButton()).toHaveTextContent(submitLabel);
      expect(submitButton()).not.toBeDisabled();
    },
    submitting: (view, step) => {
      expectForm(context(view, step));
      expect(submitButton()).toHaveTextContent(busyLabel);
      expect(submitButton()).toBeDisabled();
    },
    failed: async (view, step) => {
      const { event } = step;
      await waitFor(() => expect(submitButton()).toHaveTextContent(submitLabel));
      const error = event.error as { status?: number; errorCode?: string } | undefined;
      if (error && typeof error.status !== 'number') {
        expect(within(form()).getAllByRole('alert').at(-1)).toHaveTextContent(NETWORK_ERROR_MESSAGE);
      }
      if (error?.errorCode === 'REQUIRES_UPGRADE') {
        expect(within(form()).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
          'href',
          '/billing/plans',
        );
      } else {
        expect(within(form()).queryByRole('link', { name: 'Upgrade now' })).not.toBeInTheDocument();
      }
      expectForm(context(view, step));
    },
  };

  return { input, submitButton, context, watching, states };
}
