import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SandboxControl } from '@server/platforms';
import { resetSandboxClock } from '@server/platforms/sandbox/clock';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/db';
import { metaGraphApp } from '../../support/metaGraphApp';
import { type Recording, toRecorded } from './recording';
import { fullScenario } from './scenario';

/**
 * Records ./exchanges/<operation>.json from the Graph stand-in: `RECORD_META_EXCHANGES=1 npx vitest run
 * tests/contract/meta/record.test.ts`. Review the files against ./reference.ts before committing them.
 */
describe.runIf(process.env.RECORD_META_EXCHANGES === '1')('recording the exchanges', () => {
  it('files every operation of a campaign life', async () => {
    const { db } = await freshDatabase();
    const control = new SandboxControl(db);
    const { connector, exchanges, fetch } = metaGraphApp(db, { delayMs: 0, reviewMs: 150 });
    const steps: { name: string; from: number }[] = [];
    await fullScenario(db, connector, fetch, control, (name) => steps.push({ name, from: exchanges.length }));
    await resetSandboxClock(db);
    for (const [index, step] of steps.entries()) {
      const to = steps[index + 1]?.from ?? exchanges.length;
      const recording: Recording = {
        operation: step.name,
        description: `Recorded from the Graph stand-in (${new Date().toISOString().slice(0, 10)}): ${step.name} in tests/contract/meta/scenario.ts`,
        exchanges: exchanges.slice(step.from, to).map(toRecorded),
      };
      const file = path.join(
        import.meta.dirname,
        'exchanges',
        `${String(index + 1).padStart(2, '0')}-${step.name}.json`,
      );
      await writeFile(file, `${JSON.stringify(recording, null, 2)}\n`);
    }
    expect(steps.length).toBeGreaterThan(10);
  });
});
