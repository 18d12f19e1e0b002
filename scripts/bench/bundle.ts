/**
 * npm run bench:bundle — builds the app and prints the gzip size of the JS the first page loads
 * (the entry and its static imports, as listed in Vite's manifest) and of every lazy chunk.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// A build of its own: replacing dist/ would pull the app from under a server using it (the browser tests).
const outDir = mkdtempSync(path.join(tmpdir(), 'flightplan-bench-bundle-'));
process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
execFileSync(
  process.execPath,
  [
    'node_modules/vite/bin/vite.js',
    'build',
    '--manifest',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ],
  {
    stdio: 'inherit',
  },
);

interface Chunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  name?: string;
  src?: string;
}
const manifest: Record<string, Chunk> = JSON.parse(
  readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
);
const gz = (file: string) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const firstLoad = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || firstLoad.has(chunk.file)) return;
  firstLoad.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

let firstTotal = 0;
console.log('First load (entry + static imports):');
for (const file of firstLoad) {
  if (!file.endsWith('.js')) continue;
  const size = gz(file);
  firstTotal += size;
  console.log(`  ${file.padEnd(48)} ${kb(size).padStart(10)}`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(firstTotal).padStart(10)}   (target ≤ 90 KB gzip)`);
console.log('Lazy chunks (loaded on demand; target ≤ 30 KB gzip each):');
const over: string[] = [];
for (const chunk of Object.values(manifest)) {
  if (!chunk.isDynamicEntry || firstLoad.has(chunk.file)) continue;
  const size = gz(chunk.file);
  if (size > 30 * 1024) over.push(chunk.src ?? chunk.file);
  console.log(
    `  ${(chunk.src ?? chunk.file).padEnd(48)} ${kb(size).padStart(10)}${size > 30 * 1024 ? '   over target' : ''}`,
  );
}
console.log(
  `First load ${kb(firstTotal)} (target ≤ 90 KB); lazy chunks over 30 KB: ${over.length ? over.join(', ') : 'none'}`,
);
