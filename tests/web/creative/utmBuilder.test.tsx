import '../support/matchers';
import { defaultUtm, type Utm } from '@contract/creative';
import { UtmBuilder } from '@src/features/planning/creative/UtmBuilder';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const DEFAULTS = defaultUtm('meta', 'Spring Launch 2099', 'Trail shoes – carousel');

function Harness(props: { initial?: Utm | null; changes: (Utm | null)[]; errors?: Record<string, string> }) {
  const [utm, setUtm] = useState<Utm | null>(props.initial ?? null);
  return (
    <UtmBuilder
      destinationUrl="https://www.example.com/spring?ref=home"
      utm={utm}
      defaults={DEFAULTS}
      idPrefix="ad-0"
      errors={props.errors}
      onChange={(next) => {
        props.changes.push(next);
        setUtm(next);
      }}
    />
  );
}

const finalUrl = () => (screen.getByLabelText('Final URL') as HTMLTextAreaElement).value;

afterEach(() => vi.restoreAllMocks());

describe('UtmBuilder', () => {
  it('adds the defaults when checked, updates the final URL as a parameter is typed, and sends null when unchecked', async () => {
    const user = userEvent.setup();
    const changes: (Utm | null)[] = [];
    render(<Harness changes={changes} />);
    expect(finalUrl()).toBe('https://www.example.com/spring?ref=home');
    expect(screen.queryByLabelText(/utm_source/)).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Add UTM parameters' }));
    expect(changes.at(-1)).toEqual(DEFAULTS);
    expect(finalUrl()).toBe(
      'https://www.example.com/spring?ref=home&utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_launch_2099&utm_content=trail_shoes_carousel',
    );

    const campaign = screen.getByLabelText(/utm_campaign/);
    await user.clear(campaign);
    await user.type(campaign, 'may drop');
    expect(changes.at(-1)).toEqual({ ...DEFAULTS, campaign: 'may drop' });
    expect(new URL(finalUrl()).searchParams.get('utm_campaign')).toBe('may drop');

    await user.clear(screen.getByLabelText(/utm_content/));
    expect(new URL(finalUrl()).searchParams.has('utm_content')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Add UTM parameters' }));
    expect(changes.at(-1)).toBeNull();
    expect(finalUrl()).toBe('https://www.example.com/spring?ref=home');
    expect(screen.queryByLabelText(/utm_campaign/)).toBeNull();
  });

  it('shows an ad’s saved parameters, checked, in their fields', () => {
    const own = { source: 'newsletter', medium: 'email', campaign: 'spring', content: '' };
    render(<Harness changes={[]} initial={own} />);
    expect(screen.getByRole('checkbox', { name: 'Add UTM parameters' })).toHaveProperty('checked', true);
    expect((screen.getByLabelText(/utm_source/) as HTMLInputElement).value).toBe('newsletter');
    expect(finalUrl()).toBe(
      'https://www.example.com/spring?ref=home&utm_source=newsletter&utm_medium=email&utm_campaign=spring',
    );
  });

  it('shows each parameter’s error under it', () => {
    render(<Harness changes={[]} initial={DEFAULTS} errors={{ medium: 'Remove the control characters' }} />);
    const medium = screen.getByLabelText(/utm_medium/);
    expect(medium).toHaveAttribute('aria-invalid', 'true');
    expect(medium).toHaveAccessibleDescription('Remove the control characters');
    expect(screen.getByLabelText(/utm_source/)).not.toHaveAttribute('aria-invalid');
  });

  it('copies the final URL and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async (_: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Harness changes={[]} initial={DEFAULTS} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(finalUrl());
    expect(screen.getByRole('status')).toHaveTextContent('Copied');

    await user.type(screen.getByLabelText(/utm_content/), 'x');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('locks every control while disabled', () => {
    render(
      <UtmBuilder
        destinationUrl="https://www.example.com/"
        utm={DEFAULTS}
        defaults={DEFAULTS}
        idPrefix="ad-1"
        disabled
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Add UTM parameters' })).toBeDisabled();
    expect(screen.getByLabelText(/utm_source/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeDisabled();
  });
});
