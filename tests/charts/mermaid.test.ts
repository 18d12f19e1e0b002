import { formatDuration, renderChartPage, renderStateDiagram } from '@tooling/charts/mermaid';
import { describe, expect, it } from 'vitest';
import { kitchenSinkChart, kitchenSinkMachine } from '../paths/fixtures/kitchenSink';

describe('Mermaid export', () => {
  const diagram = renderStateDiagram(kitchenSinkMachine);

  it('draws nested, parallel, timed, invoked and root-level transitions', async () => {
    await expect(diagram).toMatchFileSnapshot('./__snapshots__/kitchenSink.mmd');
  });

  it('uses ids without dots or dashes', () => {
    const ids = [...diagram.matchAll(/ as (\S+)/g)].map((match) => match[1]!);
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_]+$/);
  });

  it('labels transitions the product way', () => {
    expect(diagram).toContain('wizard__details --> wizard__extras : step.next [hasName]');
    expect(diagram).toContain('wizard__extras__size__large --> wizard__extras__size__small : after 1 s');
    expect(diagram).toContain('retrying --> saving : after 500 ms');
    expect(diagram).toContain('saving --> retrying : save error');
    expect(diagram).toContain('saving : invoke save');
    expect(diagram).toContain('retrying --> cancelled : always [hasGivenUp]');
    expect(diagram).toContain('any_state --> expired : session.expire');
    expect(diagram).toContain('wizard --> saving : wizard done');
    expect(diagram).toContain('expired --> [*]');
  });

  it('never puts a colon or semicolon inside a label', () => {
    for (const line of diagram.split('\n')) {
      const label = line.match(/ --> \S+ : (.*)$/)?.[1];
      if (label) expect(label).not.toMatch(/[:;]/);
    }
  });

  it('is deterministic', () => {
    expect(renderChartPage(kitchenSinkChart)).toBe(renderChartPage(kitchenSinkChart));
  });

  it('formats durations for people', () => {
    expect([500, 1000, 1500, 200_000, 120_000].map(formatDuration)).toEqual([
      '500 ms',
      '1 s',
      '1500 ms',
      '200 s',
      '2 min',
    ]);
  });
});
