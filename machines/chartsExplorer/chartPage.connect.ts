import type { CoveragePath } from '@contract/charts';
import type { SnapshotFrom } from 'xstate';
import type { ChartModel, StateModel, TransitionModel } from './chartModel';
import type { ChartPageEvent, ChartPageMachine } from './chartPage.machine';

export type ChartPageSnapshot = SnapshotFrom<ChartPageMachine>;

/** Taken at a level: true, false, or null when that level did not run. */
export interface TransitionCoverage {
  machine: boolean | null;
  view: boolean | null;
  browser: boolean | null;
  /** Documented as unreachable from the view. */
  viewUnreachable: boolean;
  /** What changed since the run before: `newly taken` / `no longer taken` at a level, else null. */
  change: string | null;
}

/** A path through the selection: its steps, the ones that reach or take it marked. */
export interface SelectedPath {
  title: string;
  result: CoveragePath['result'];
  steps: Array<CoveragePath['steps'][number] & { marked: boolean }>;
}

export interface ChartPageView {
  phase: 'loading' | 'ready' | 'notRun' | 'failed' | 'signedOut';
  error: string | null;
  ranAt: string | null;
  selectedState: StateModel | null;
  selectedTransition: TransitionModel | null;
  /** The paths that reach the selected state or take the selected transition (shortest first, at most 5), and how many there are. */
  paths: SelectedPath[];
  pathCount: number;
  /** What changed since the run before, counted over the chart's transitions: `1 newly taken (view)`; null when nothing did. */
  change: string | null;
  /** Each transition's coverage at the three levels (null before the coverage loads). */
  coverageOf: (key: string) => TransitionCoverage | null;
  selectState: (id: string) => void;
  selectTransition: (key: string) => void;
  clear: () => void;
  retry: () => void;
}

const LEVELS = ['machine', 'view', 'browser'] as const;
const SHOWN_PATHS = 5;

export function connectChartPage(
  snapshot: ChartPageSnapshot,
  send: (event: ChartPageEvent) => void,
  model: ChartModel,
): ChartPageView {
  const { context } = snapshot;
  const phase =
    (['signedOut', 'notRun', 'failed', 'ready'] as const).find((name) => snapshot.matches(name)) ?? 'loading';
  const detail = phase === 'ready' ? context.detail : null;
  const sets = detail
    ? {
        machine: new Set(detail.machine),
        view: detail.view ? new Set(detail.view) : null,
        browser: detail.browser ? new Set(detail.browser) : null,
      }
    : null;
  const before = detail?.previous
    ? {
        machine: new Set(detail.previous.machine),
        view: detail.previous.view ? new Set(detail.previous.view) : null,
        browser: detail.previous.browser ? new Set(detail.previous.browser) : null,
      }
    : null;
  const coverageOf = (key: string): TransitionCoverage | null => {
    if (!sets || !detail) return null;
    const changes: string[] = [];
    if (before)
      for (const level of LEVELS) {
        const now = sets[level];
        const then = before[level];
        if (!now || !then) continue;
        if (now.has(key) && !then.has(key)) changes.push(`newly taken (${level})`);
        if (!now.has(key) && then.has(key)) changes.push(`no longer taken (${level})`);
      }
    return {
      machine: sets.machine.has(key),
      view: sets.view ? sets.view.has(key) : null,
      browser: sets.browser ? sets.browser.has(key) : null,
      viewUnreachable: detail.viewUnreachable.includes(key),
      change: changes.length ? changes.join(', ') : null,
    };
  };
  const selection = context.selection;
  const selectedState =
    selection?.kind === 'state' ? (model.states.find((state) => state.id === selection.id) ?? null) : null;
  const selectedTransition =
    selection?.kind === 'transition'
      ? (model.transitions.find((transition) => transition.key === selection.key) ?? null)
      : null;
  const marks = (step: CoveragePath['steps'][number]) =>
    selectedState
      ? step.active.includes(selectedState.id)
      : selectedTransition
        ? step.transitions.includes(selectedTransition.key)
        : false;
  const through = (detail?.paths ?? [])
    .filter((path) => (selectedState || selectedTransition) && path.steps.some(marks))
    .sort((a, b) => a.steps.length - b.steps.length);
  const counts = new Map<string, number>();
  for (const transition of model.transitions)
    for (const part of coverageOf(transition.key)?.change?.split(', ') ?? [])
      counts.set(part, (counts.get(part) ?? 0) + 1);
  return {
    phase,
    change: counts.size ? [...counts].map(([part, count]) => `${count} ${part}`).join(', ') : null,
    error: phase === 'failed' ? context.error : null,
    ranAt: detail?.ranAt ?? null,
    selectedState,
    selectedTransition,
    paths: through.slice(0, SHOWN_PATHS).map((path) => ({
      title: path.title,
      result: path.result,
      steps: path.steps.map((step) => ({ ...step, marked: marks(step) })),
    })),
    pathCount: through.length,
    coverageOf,
    selectState: (id) => send({ type: 'select.state', id }),
    selectTransition: (key) => send({ type: 'select.transition', key }),
    clear: () => send({ type: 'select.clear' }),
    retry: () => send({ type: 'retry' }),
  };
}
