/**
 * Browser-level path coverage records the transitions of every actor the app creates (src/lib/inspect.ts),
 * so every actor must get the app's actor options: hooks take `useActorRef` from `src/ui/actorRef.ts` (never
 * `@xstate/react`'s own), and a `createActor` outside React passes its options through `withInspection`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const files = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => ({ file: `src/${file}`, source: readFileSync(path.join(SRC, file), 'utf8') }));

describe('every actor of the app is created with the app’s actor options', () => {
  it('hooks take useActorRef from src/ui/actorRef.ts', () => {
    const direct = files.filter(
      ({ file, source }) =>
        file !== 'src/ui/actorRef.ts' &&
        /import\s*\{[^}]*\buseActorRef\b[^}]*\}\s*from\s*'@xstate\/react'/.test(source),
    );
    expect(direct.map(({ file }) => file)).toEqual([]);
  });

  it('createActor passes its options through withInspection', () => {
    const bare = files.flatMap(({ file, source }) =>
      source
        .split('\n')
        .filter((line) => /\bcreateActor\(/.test(line) && !/withInspection\(/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(bare).toEqual([]);
  });
});
