import type { ChartModel } from '@machines/chartsExplorer';
import { useEffect, useState } from 'react';
import { type DiagramLayout, layoutDiagram } from './layout';

export type DiagramLayoutState =
  | { phase: 'layingOut' }
  | { phase: 'laidOut'; layout: DiagramLayout }
  | { phase: 'failed'; error: string };

/**
 * The chart's diagram, laid out by ELK (layout.ts): asynchronous, so the page says “Laying out the diagram…”
 * until it is there. Drawing only: which states and transitions there are, and what they mean, is the model's.
 */
export function useDiagramLayout(model: ChartModel): DiagramLayoutState {
  const [state, setState] = useState<DiagramLayoutState>({ phase: 'layingOut' });
  useEffect(() => {
    let current = true;
    setState({ phase: 'layingOut' });
    layoutDiagram(model).then(
      (layout) => current && setState({ phase: 'laidOut', layout }),
      (error: unknown) =>
        current &&
        setState({ phase: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [model]);
  return state;
}
