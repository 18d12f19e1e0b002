/**
 * The step-up dialog follows the window across 768 px while it is open (spec section 9: a modal from 768 px
 * wide, a bottom drawer below): it turns into the drawer, or back into the dialog, and keeps where the person
 * was — the same method view, the digits typed, no code sent again, nothing cancelled.
 */
import './support/matchers';
import ChallengeDialog from '@src/features/challenge/ChallengeDialog';
import { createStepUp, type StepUpOutcome } from '@src/features/challenge/stepUp';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findChallengeDialog, heldChallengeServices, inDialog, pinSlots } from './support/challengeDialog';

/** A window whose width the test sets: `matchMedia('(min-width: 768px)')` follows it, with change events. */
let width = 1280;
const lists: { query: string; listeners: Set<() => void> }[] = [];
function matches(query: string) {
  const min = /min-width:\s*(\d+)px/.exec(query);
  return min ? width >= Number(min[1]) : false;
}
function resizeTo(next: number) {
  width = next;
  act(() => {
    for (const list of lists) for (const listener of list.listeners) listener();
  });
}

beforeEach(() => {
  width = 1280;
  lists.length = 0;
  window.matchMedia = ((query: string) => {
    const list = { query, listeners: new Set<() => void>() };
    lists.push(list);
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      addEventListener: (_type: string, listener: () => void) => list.listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => list.listeners.delete(listener),
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
});
afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

const form = () => {
  const scope = screen.getByRole('dialog', { name: "Confirm it's you" }).getAttribute('data-scope');
  return scope === 'drawer' ? 'drawer' : 'dialog';
};
const typed = () =>
  pinSlots()
    .map((slot) => slot.value)
    .join('');

it('an open step-up becomes the drawer below 768 px and the dialog again above, keeping its state', async () => {
  const services = heldChallengeServices();
  const stepUp = createStepUp(services.services);
  const outcomes: StepUpOutcome[] = [];
  render(<ChallengeDialog stepUp={stepUp} />);
  void stepUp
    .request({
      token: 'challenge-token',
      user: { email: 'dana@example.com' },
      verificationMethods: ['EMAIL_OTP'],
    })
    .then((outcome) => outcomes.push(outcome));
  await findChallengeDialog();
  await services.settle('sendCode', { output: { sent: true } });
  const user = userEvent.setup({ delay: null });
  await user.click(pinSlots()[0]!);
  await user.keyboard('123');
  await waitFor(() => expect(typed()).toBe('123'));
  expect(form()).toBe('dialog');

  // Narrower than 768 px: the drawer, with the same view and digits.
  resizeTo(600);
  await waitFor(() => expect(form()).toBe('drawer'));
  expect(inDialog().getByText('Enter the code sent to dana@example.com to proceed.')).toBeInTheDocument();
  await waitFor(() => expect(typed()).toBe('123'));

  // Wide again: the dialog.
  resizeTo(1024);
  await waitFor(() => expect(form()).toBe('dialog'));
  await waitFor(() => expect(typed()).toBe('123'));

  // Still the same step-up: one code sent, not cancelled, and the rest of the code confirms it.
  expect(services.calls.filter((call) => call.name === 'sendCode')).toHaveLength(1);
  expect(outcomes).toEqual([]);
  expect(stepUp.actor.getSnapshot().matches('closed')).toBe(false);
  await user.click(pinSlots()[3]!);
  await user.keyboard('456');
  const verify = await services.take('verifyCode');
  expect(verify.args).toContain('123456');
});
