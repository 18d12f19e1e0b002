/**
 * npm run bench:bundle — builds the app and prints the gzip size of the JS the first page loads
 * (the entry and its static imports, as listed in Vite's manifest) and of every lazy chunk.
 *
 *   npm run bench:bundle               a build of its own (with the manifest, chunks named by their source)
 *   npm run bench:bundle -- --smoke    the build already in dist/ (npm test's), read from index.html: the
 *                                      entry script and the static imports Vite preloads are the first load
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({ options: { smoke: { type: 'boolean', default: false } } });

interface Chunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  name?: string;
  src?: string;
}

/** What the first page loads, and the chunks loaded on demand (by their source file where known). */
interface Bundle {
  outDir: string;
  firstLoad: Set<string>;
  lazy: { file: string; label: string }[];
}

function ownBuild(): Bundle {
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
    { stdio: 'inherit' },
  );
  const manifest: Record<string, Chunk> = JSON.parse(
    readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  );
  const firstLoad = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || firstLoad.has(chunk.file)) return;
    firstLoad.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const lazy = Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry && !firstLoad.has(chunk.file))
    .map((chunk) => ({ file: chunk.file, label: chunk.src ?? chunk.file }));
  return { outDir, firstLoad, lazy };
}

function existingBuild(outDir: string): Bundle {
  const html = path.join(outDir, 'index.html');
  if (!existsSync(html)) throw new Error(`No build in ${outDir}/: run npm run build first.`);
  const page = readFileSync(html, 'utf8');
  const firstLoad = new Set(
    [
      ...page.matchAll(
        /<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g,
      ),
    ].map((match) => match[1] as string),
  );
  if (firstLoad.size === 0) throw new Error(`${html} loads no module script.`);
  const lazy = readdirSync(path.join(outDir, 'assets'))
    .map((name) => `assets/${name}`)
    .filter((file) => file.endsWith('.js') && !firstLoad.has(file))
    .map((file) => ({ file, label: file }));
  return { outDir, firstLoad, lazy };
}

const { outDir, firstLoad, lazy } = values.smoke ? existingBuild('dist') : ownBuild();
const gz = (file: string) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let firstTotal = 0;
console.log('First load (entry + static imports):');
for (const file of firstLoad) {
  if (!file.endsWith('.js')) continue;
  const size = gz(file);
  firstTotal += size;
  console.log(`  ${file.padEnd(48)} ${kb(size).padStart(10)}`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(firstTotal).padStart(10)}   (target ≤ 90 KB gzip)`);
console.log(
  `${values.smoke ? 'Other chunks (lazy ones and what they share)' : 'Lazy chunks (loaded on demand)'}; target ≤ 30 KB gzip each:`,
);
const over: string[] = [];
for (const { file, label } of lazy) {
  const size = gz(file);
  if (size > 30 * 1024) over.push(label);
  console.log(`  ${label.padEnd(48)} ${kb(size).padStart(10)}${size > 30 * 1024 ? '   over target' : ''}`);
}
console.log(
  `First load ${kb(firstTotal)} (target ≤ 90 KB); lazy chunks over 30 KB: ${over.length ? over.join(', ') : 'none'}`,
);
