/**
 * The `chartsLive` chart's generated paths, replayed on the real /charts/session page: the app's other tab is
 * played by posting its reports on the BroadcastChannel the explorer listens to (src/lib/liveCharts.ts).
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { ChartsLiveContext, LiveReport } from '@machines/chartsExplorer';
import { LIVE_CHANNEL } from '@src/lib/liveCharts';
import { LIVE_FLAG } from '@src/lib/liveFlag';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests } from '../../paths/viewPathTests';
import { signedInPage } from '../support/fakeApi';
import { heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';

vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  try {
    window.localStorage.removeItem(LIVE_FLAG);
  } catch {
    // No storage in this document: nothing to clean.
  }
});

interface PageView {
  user: ReturnType<typeof userEvent.setup>;
  /** The app's other tab. */
  tab: BroadcastChannel;
}

const context = (step: { state: { context: unknown } }) => step.state.context as ChartsLiveContext;

describeViewPathTests<PageView>({
  chart: getChart('chartsLive'),
  async render() {
    heldServer({ hold: () => false, answer: signedInPage() });
    renderApp('/charts/session');
    await screen.findByRole('heading', { name: 'Session bootstrap', level: 1 });
    return { user: userEvent.setup({ delay: null }), tab: new BroadcastChannel(LIVE_CHANNEL) };
  },
  events: {
    'live.start': ({ user }) => user.click(screen.getByRole('button', { name: 'Follow the running app' })),
    'live.stop': ({ user }) => user.click(screen.getByRole('button', { name: 'Stop following' })),
    'live.report': ({ tab }, { event }) =>
      tab.postMessage({ kind: 'state', ...(event.report as LiveReport) }),
    'live.gone': ({ tab }, { event }) =>
      tab.postMessage({ kind: 'gone', tab: event.tab, actor: event.actor }),
  },
  compareContext: (c: ChartsLiveContext) => c.reports.map((report) => report.state),
  states: {
    off: async () => {
      expect(await screen.findByRole('button', { name: 'Follow the running app' })).toBeInTheDocument();
    },
    on: async (_view, step) => {
      const [report] = context(step).reports;
      expect(await screen.findByTestId('live-state')).toHaveTextContent(report?.state ?? 'not running');
      if (report) {
        const running = within(screen.getByRole('list', { name: 'Charts running now' }));
        expect(running.getByRole('link', { name: 'Session bootstrap' })).toHaveAttribute(
          'href',
          '/charts/session?live',
        );
        // The diagram fills the session's current state.
        const box = document.querySelector(`[data-state="session.${report.state}"] rect`);
        expect(box?.getAttribute('fill')).toBe('#dbeafe');
      } else expect(screen.getByText('No chart is running in another tab yet.')).toBeInTheDocument();
    },
  },
});
