import './support/matchers';
import {
  SAMPLE_PLAN,
  SAMPLE_RULES,
  SAMPLE_TODAY,
} from '@machines/planning/planningAudience/planningAudience.samples';
import { planningScheduleMachine } from '@machines/planning/planningSchedule';
import { ScheduleStep } from '@src/features/planning/schedule/ScheduleStep';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';

function renderStep() {
  const actor = createActor(planningScheduleMachine, {
    input: { plan: SAMPLE_PLAN, rules: SAMPLE_RULES, today: SAMPLE_TODAY, draft: null, readOnly: false },
  }).start();
  render(<ScheduleStep actor={actor} />);
  return { actor, user: userEvent.setup() };
}

const card = (name: string) => screen.getByRole('region', { name });
const flowchart = () => screen.getByRole('table', { name: /^Flowchart/ });

describe('ScheduleStep', () => {
  it('starts with one flight per platform over the campaign, fully allocated', () => {
    renderStep();
    expect(within(card('Meta')).getByText(/of €2,000 allocated/)).toBeInTheDocument();
    expect(within(card('Meta')).getByText('Fully planned')).toBeInTheDocument();
    expect((screen.getByLabelText('Meta flight 1 amount') as HTMLInputElement).value).toBe('2000.00');
    expect((screen.getByLabelText('TikTok flight 1 start') as HTMLInputElement).value).toBe('2099-03-02');
  });

  it('adds a flight, shows messages under the inputs and the platform’s total, and updates the flowchart', async () => {
    const { user } = renderStep();
    const amount = screen.getByLabelText('Meta flight 1 amount');
    await user.clear(amount);
    await user.type(amount, '1500');
    expect(within(card('Meta')).getByText('€500 remaining')).toBeInTheDocument();
    expect(
      within(card('Meta')).getByText("Meta's flights add up to €1,500.00, not its €2,000.00"),
    ).toBeInTheDocument();
    await user.click(within(card('Meta')).getByRole('button', { name: 'Add flight' }));
    // The first flight ran the whole campaign: it is split at its middle day (issue 28), the new flight
    // starting the day after, with half its amount and what was left: the platform adds up again.
    expect((screen.getByLabelText('Meta flight 1 amount') as HTMLInputElement).value).toBe('750.00');
    expect((screen.getByLabelText('Meta flight 2 amount') as HTMLInputElement).value).toBe('1250.00');
    expect((screen.getByLabelText('Meta flight 1 end') as HTMLInputElement).value).toBe('2099-03-08');
    expect((screen.getByLabelText('Meta flight 2 start') as HTMLInputElement).value).toBe('2099-03-09');
    expect(within(card('Meta')).getByText('Fully planned')).toBeInTheDocument();
    expect(within(card('Meta')).queryByText(/add up to/)).toBeNull();
    expect(screen.queryByText(/^Overlaps/)).toBeNull();
    expect(within(flowchart()).getAllByText('Flight 2')).toHaveLength(1);
    await user.clear(amount);
    await user.type(amount, 'lots');
    expect(screen.getByText('Enter an amount, e.g. 5000 or 5000.50')).toBeInTheDocument();
    expect(screen.getByLabelText('Meta flight 1 amount')).toHaveAttribute('aria-invalid', 'true');
  });

  it('fills the remaining into a flight and removes one', async () => {
    const { user } = renderStep();
    const amount = screen.getByLabelText('TikTok flight 1 amount');
    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(screen.getByRole('button', { name: 'Fill remaining into TikTok flight 1' }));
    expect((screen.getByLabelText('TikTok flight 1 amount') as HTMLInputElement).value).toBe('1000.00');
    await user.click(screen.getByRole('button', { name: 'Remove TikTok flight 1' }));
    expect(within(card('TikTok')).getByText('Plan at least one flight for TikTok')).toBeInTheDocument();
    expect(within(card('TikTok')).getByText('€1,000 remaining')).toBeInTheDocument();
  });

  it('checks the campaign’s dates', async () => {
    const { user } = renderStep();
    const end = screen.getByLabelText('End date');
    await user.clear(end);
    await user.type(end, '2099-03-01');
    expect(screen.getByText('The end date must be on or after the start date')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/ends before it starts/);
  });
});
