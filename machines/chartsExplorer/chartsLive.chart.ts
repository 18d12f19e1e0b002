import { defineChart } from '../chart';
import { chartsLiveMachine, type LiveReport } from './chartsLive.machine';

const report = (state: string, at: number): LiveReport => ({
  tab: 'tab-1',
  actor: 'x:1',
  machine: 'session',
  state,
  active: [`session.${state}`],
  status: 'active',
  at,
});

export const chartsLiveChart = defineChart({
  name: 'chartsLive',
  title: 'Charts explorer: following the running app',
  machine: chartsLiveMachine,
  description: chartsLiveMachine.root.description ?? '',
  events: [
    { type: 'live.start' },
    { type: 'live.stop' },
    { type: 'live.report', report: report('loading', 1) },
    { type: 'live.report', report: report('ready', 2) },
    { type: 'live.gone', tab: 'tab-1' },
    { type: 'live.gone', tab: 'tab-1', actor: 'x:1' },
  ],
  abstractContext: (context) => context.reports.map((entry) => `${entry.machine}:${entry.state}`),
});
