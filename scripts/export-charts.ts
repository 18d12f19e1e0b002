/**
 * `npm run charts`: writes one Mermaid page per registered statechart to
 * docs/charts/<name>.md, plus docs/charts/README.md. Pages of charts that are
 * no longer registered are removed. Output is deterministic: re-running
 * without machine changes rewrites identical files.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { charts } from '@machines';
import { chartFileName, renderChartPage, renderChartsIndex } from '@tooling/charts/mermaid';

const outDir = fileURLToPath(new URL('../docs/charts/', import.meta.url));
mkdirSync(outDir, { recursive: true });

const files = new Map<string, string>([
  ['README.md', renderChartsIndex(charts)],
  ...charts.map((chart) => [chartFileName(chart), renderChartPage(chart)] as [string, string]),
]);

const show = (file: string) => relative(process.cwd(), join(outDir, file));
for (const [file, content] of files) {
  const path = join(outDir, file);
  let previous: string | undefined;
  try {
    previous = readFileSync(path, 'utf8');
  } catch {
    previous = undefined;
  }
  if (previous === content) {
    console.log(`unchanged ${show(file)}`);
    continue;
  }
  writeFileSync(path, content);
  console.log(`${previous === undefined ? 'created  ' : 'updated  '} ${show(file)}`);
}
for (const file of readdirSync(outDir)) {
  if (file.endsWith('.md') && !files.has(file)) {
    rmSync(join(outDir, file));
    console.log(`removed   ${show(file)}`);
  }
}
