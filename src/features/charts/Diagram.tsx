import type { ChartModel, TransitionCoverage } from '@machines/chartsExplorer';
import { forwardRef } from 'react';
import { type DiagramLayout, edgeText } from './layout';

/**
 * The chart's diagram, drawn as SVG by React from the machine's model (no HTML or styles injected: the strict
 * CSP holds; colours are SVG presentation attributes, so an exported file looks the same). States are boxes,
 * compound and parallel states contain their children (a parallel state's regions dashed), final states have
 * a double border, history states are circles marked H or H*, a dot marks each initial state. A transition
 * never taken in the view or the browser is dashed red (the coverage overlay); the selection is blue;
 * `current` states (live mode, simulation) are filled. The layout is ELK's (layout.ts); `fit` scales the
 * drawing to its panel's width, else it is drawn at its size and the panel scrolls.
 */
export interface DiagramProps {
  model: ChartModel;
  layout: DiagramLayout;
  fit: boolean;
  title: string;
  selected: string | null;
  current?: ReadonlySet<string>;
  coverageOf?: (key: string) => TransitionCoverage | null;
  onSelectState: (id: string) => void;
  onSelectTransition: (key: string) => void;
}

const INK = '#1f2937';
const MUTED = '#6b7280';
const SELECTED = '#2563eb';
const GAP = '#dc2626';
const CURRENT = '#dbeafe';

export const Diagram = forwardRef<SVGSVGElement, DiagramProps>(function Diagram(
  { model, layout, fit, title, selected, current, coverageOf, onSelectState, onSelectTransition },
  ref,
) {
  const activate = (handler: () => void) => ({
    onClick: handler,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        handler();
      }
    },
    tabIndex: 0,
    // SVG has no <button>: the group is one, by role and keys.
    role: 'button',
  });
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG drawing of clickable states and transitions
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={fit ? '100%' : layout.width}
      height={fit ? undefined : layout.height}
      role="group"
      aria-label={`Diagram of ${title}`}
      fontFamily="system-ui, sans-serif"
      fontSize="12"
    >
      <title>{title}</title>
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill={INK} />
        </marker>
        <marker
          id="arrow-gap"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill={GAP} />
        </marker>
        <marker
          id="arrow-selected"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill={SELECTED} />
        </marker>
      </defs>
      <rect x="0" y="0" width={layout.width} height={layout.height} fill="#ffffff" />
      {layout.boxes.map((box) => {
        const state = box.state;
        if (!state)
          // The chart itself: where the transitions taken in any of its states leave from.
          return (
            <g key={box.id} aria-label={`Any state of ${title}`}>
              <rect
                x={box.x}
                y={box.y}
                width={box.width}
                height={box.height}
                rx="8"
                fill="#ffffff"
                stroke={MUTED}
                strokeWidth="1.2"
                strokeDasharray="3 3"
              />
              <text
                x={box.x + box.width / 2}
                y={box.y + 23}
                textAnchor="middle"
                fontStyle="italic"
                fill={MUTED}
              >
                any state
              </text>
            </g>
          );
        const isSelected = selected === state.id;
        const isCurrent = current?.has(state.id) ?? false;
        const stroke = isSelected ? SELECTED : INK;
        const label = `State ${state.path}${state.description ? `: ${state.description}` : ''}`;
        if (state.type === 'history') {
          return (
            <g
              key={box.id}
              aria-label={label}
              data-state={state.id}
              {...activate(() => onSelectState(state.id))}
            >
              <circle
                cx={box.x + box.width / 2}
                cy={box.y + box.height / 2}
                r={box.width / 2}
                fill={isCurrent ? CURRENT : '#ffffff'}
                stroke={stroke}
                strokeWidth={isSelected ? 2.5 : 1.2}
              />
              <text x={box.x + box.width / 2} y={box.y + box.height / 2 + 4} textAnchor="middle" fill={INK}>
                {state.history === 'deep' ? 'H*' : 'H'}
              </text>
            </g>
          );
        }
        const container = state.children.length > 0;
        return (
          <g
            key={box.id}
            aria-label={label}
            data-state={state.id}
            {...activate(() => onSelectState(state.id))}
          >
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              rx="8"
              fill={isCurrent ? CURRENT : container ? '#f9fafb' : '#ffffff'}
              stroke={stroke}
              strokeWidth={isSelected ? 2.5 : 1.2}
              strokeDasharray={state.parent && isParallelChild(model, state.parent) ? '6 4' : undefined}
            />
            {state.type === 'final' ? (
              <rect
                x={box.x + 3}
                y={box.y + 3}
                width={box.width - 6}
                height={box.height - 6}
                rx="6"
                fill="none"
                stroke={stroke}
                strokeWidth="1"
              />
            ) : null}
            <text
              x={container ? box.x + 10 : box.x + box.width / 2}
              y={container ? box.y + 20 : box.y + 23}
              textAnchor={container ? 'start' : 'middle'}
              fontWeight="600"
              fill={INK}
            >
              {state.key}
              {state.type === 'parallel' ? ' (parallel)' : ''}
            </text>
            {state.invokes.map((name, index) => (
              <text
                key={name}
                x={box.x + box.width / 2}
                y={box.y + (container ? 36 : 38) + index * 16}
                textAnchor="middle"
                fill={MUTED}
                fontSize="11"
              >
                invoke {name}
              </text>
            ))}
          </g>
        );
      })}
      {layout.initials.map((initial) => (
        <g key={`${initial.x},${initial.y}`}>
          <circle cx={initial.x} cy={initial.y} r="4" fill={INK} />
          <path d={initial.d} stroke={INK} strokeWidth="1.2" fill="none" markerEnd="url(#arrow)" />
        </g>
      ))}
      {layout.edges.map((edge, index) => {
        const { transition } = edge;
        const coverage = coverageOf?.(transition.key);
        const gap = coverage ? coverage.view === false || coverage.browser === false : false;
        const isSelected = selected === transition.key;
        const colour = isSelected ? SELECTED : gap ? GAP : INK;
        const text = edgeText(transition);
        return (
          <g
            // biome-ignore lint/suspicious/noArrayIndexKey: a transition with several targets has one edge per target
            key={`${transition.key}-${index}`}
            aria-label={`Transition ${text} from ${transition.source.split('.').slice(1).join('.')}`}
            data-transition={transition.key}
            {...activate(() => onSelectTransition(transition.key))}
          >
            <path
              d={edge.d}
              fill="none"
              stroke={colour}
              strokeWidth={isSelected ? 2.5 : 1.3}
              strokeDasharray={gap ? '5 4' : undefined}
              markerEnd={`url(#${isSelected ? 'arrow-selected' : gap ? 'arrow-gap' : 'arrow'})`}
            />
            <path d={edge.d} fill="none" stroke="transparent" strokeWidth="10" />
            <text
              x={edge.label.x + edge.label.width / 2}
              y={edge.label.y + edge.label.height - 4}
              textAnchor="middle"
              fill={colour}
              fontSize="11"
              paintOrder="stroke"
              stroke="#ffffff"
              strokeWidth="3"
            >
              {text}
            </text>
          </g>
        );
      })}
    </svg>
  );
});

const isParallelChild = (model: ChartModel, parentId: string) =>
  model.states.find((state) => state.id === parentId)?.type === 'parallel';
