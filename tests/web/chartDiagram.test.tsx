/**
 * A chart's diagram in the explorer (/charts/:id, docs/charts-explorer.md): laid out by ELK, which takes a
 * moment, so the panel says so until the diagram is there (and the downloads wait for it); drawn at its size
 * or fitted to the panel.
 */
import './support/matchers';
import type { DiagramLayout } from '@src/features/charts/layout';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { json, signedInPage, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/** Each layout waits for the test to let ELK answer (or fail). */
const held = vi.hoisted(() => ({
  answers: [] as Array<{ resolve: (value: unknown) => void; reject: (error: Error) => void }>,
}));
vi.mock('@src/features/charts/layout', async (importOriginal) => {
  const real = await importOriginal<typeof import('@src/features/charts/layout')>();
  return {
    ...real,
    layoutDiagram: (model: Parameters<typeof real.layoutDiagram>[0]) =>
      new Promise<DiagramLayout>((resolve, reject) =>
        held.answers.push({
          resolve: () => real.layoutDiagram(model).then(resolve, reject),
          reject,
        }),
      ),
  };
});

const realFetch = globalThis.fetch;
beforeEach(() => {
  held.answers.length = 0;
  const page = signedInPage();
  stubFetch((request) => page(request) ?? json({ message: 'No coverage for a chart' }, { status: 404 }));
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const TITLE = /^Step-up: code entry/;
const diagramPanel = () => within(screen.getByRole('region', { name: 'Diagram' }));

it('says “Laying out the diagram…” until ELK has laid it out, then draws it; the downloads wait for it', async () => {
  renderApp('/charts/codeEntry');
  await screen.findByRole('heading', { name: TITLE, level: 1 });
  expect(diagramPanel().getByRole('status')).toHaveTextContent('Laying out the diagram…');
  expect(screen.getByRole('button', { name: 'Download SVG' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Download PNG' })).toBeDisabled();

  held.answers[0]!.resolve(null);
  const diagram = await diagramPanel().findByRole('group', { name: /^Diagram of Step-up: code entry/ });
  expect(within(diagram).getByRole('button', { name: /^State active\.code\.error/ })).toBeInTheDocument();
  expect(
    within(diagram).getByRole('button', {
      name: 'Transition after errorReset (500 ms) from active.code.error',
    }),
  ).toBeInTheDocument();
  expect(diagramPanel().queryByText('Laying out the diagram…')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download SVG' })).not.toBeDisabled();

  // Drawn at its size (the panel scrolls), or fitted to the panel's width.
  const width = diagram.getAttribute('width') ?? '';
  expect(Number(width)).toBeGreaterThan(0);
  const user = userEvent.setup({ delay: null });
  await user.click(diagramPanel().getByRole('button', { name: 'Fit to the panel' }));
  expect(diagram).toHaveAttribute('width', '100%');
  await user.click(diagramPanel().getByRole('button', { name: 'Actual size' }));
  expect(diagram).toHaveAttribute('width', width);
});

it('says so when the diagram could not be laid out; the lists still show', async () => {
  renderApp('/charts/codeEntry');
  await screen.findByRole('heading', { name: TITLE, level: 1 });
  held.answers[0]!.reject(new Error('ELK could not lay out the graph'));
  expect(
    await diagramPanel().findByText('The diagram could not be laid out: ELK could not lay out the graph'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download SVG' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'after errorReset (500 ms)' })).toBeInTheDocument();
});
