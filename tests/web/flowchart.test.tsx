import './support/matchers';
import { Flowchart } from '@src/features/planning/schedule/Flowchart';
import {
  flowchartGrid,
  mondayOf,
  placeBar,
  weeklySpend,
} from '@src/features/planning/schedule/flowchartLayout';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

const ROWS = [
  {
    platform: 'meta',
    displayName: 'Meta',
    flights: [
      { startDate: '2099-03-04', endDate: '2099-03-10', amountMinor: 120_000, pacing: 'even' },
      { startDate: '2099-03-23', endDate: '2099-04-05', amountMinor: 80_000, pacing: 'front_loaded' },
    ],
  },
  { platform: 'tiktok', displayName: 'TikTok', flights: [] },
];

describe('Flowchart', () => {
  it('draws a bar per flight across the ISO weeks it spans, with its amount, and the totals', () => {
    render(<Flowchart startDate="2099-03-04" endDate="2099-04-05" currency="EUR" rows={ROWS} />);
    const table = screen.getByRole('table', { name: /^Flowchart: 2 flights on 2 platforms/ });
    // 2099-03-04 is a Wednesday: the weeks start on Monday 2 March and end with the one of Sunday 5 April.
    const weeks = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.getAttribute('data-week'))
      .filter(Boolean);
    expect(weeks).toEqual(['2099-03-02', '2099-03-09', '2099-03-16', '2099-03-23', '2099-03-30']);
    expect(within(table).getByRole('columnheader', { name: 'Mar 2099' })).toHaveAttribute('colspan', '5');
    expect(within(table).getByText('Week of Mar 2, 2099')).toBeInTheDocument();
    const bars = table.querySelectorAll('[data-weeks]');
    expect([...bars].map((bar) => bar.getAttribute('data-weeks'))).toEqual([
      '2099-03-02 2099-03-09',
      '2099-03-23 2099-03-30',
    ]);
    expect(within(bars[0] as HTMLElement).getByText('€1,200')).toBeInTheDocument();
    expect(within(bars[1] as HTMLElement).getByText('€800')).toBeInTheDocument();
    expect(within(bars[1] as HTMLElement).getByText(/front-loaded/)).toBeInTheDocument();
    // Totals: Meta's, TikTok's (no flights) and the whole plan's.
    const metaRow = within(table)
      .getByRole('rowheader', { name: /Meta.*Flight 1/ })
      .closest('tr') as HTMLElement;
    expect(within(metaRow).getByText('€2,000')).toBeInTheDocument();
    expect(within(table).getByText('No flights')).toBeInTheDocument();
    expect(within(table.querySelector('tfoot') as HTMLElement).getByText('€2,000')).toBeInTheDocument();
  });

  it('places bars by day inside the weeks (CSS variables), and says when the dates cannot be drawn', () => {
    const result = flowchartGrid('2099-03-04', '2099-04-05');
    if (result.kind !== 'grid') throw new Error('expected a grid');
    expect(placeBar(ROWS[0]!.flights[0]!, result.grid)).toEqual({
      offsetDays: 2,
      lengthDays: 7,
      weeks: ['2099-03-02', '2099-03-09'],
      clipped: false,
    });
    // Spread evenly over their days: 5 days in the first week and 2 in the second for the first flight.
    const perWeek = weeklySpend(ROWS[0]!.flights, result.grid);
    expect(perWeek.reduce((a, b) => a + b, 0)).toBe(200_000);
    expect(perWeek.slice(0, 2)).toEqual([85_714, 34_286]);
    expect(mondayOf('2099-03-08')).toBe('2099-03-02');
    render(<Flowchart startDate="" endDate="" currency="EUR" rows={ROWS} />);
    expect(screen.getByRole('note')).toHaveTextContent('Choose the campaign’s start and end dates');
  });
});
