/**
 * npm run bench:web — how long the app takes from a click on a link to the next page's content, in
 * headless Chromium on loopback, signed in as the demo user on the built app (production mode).
 *
 * A round walks dashboard → campaigns → a campaign (a different one each round) → its plan's review in
 * the wizard → reports → back to the dashboard, each step a click on the link a user would click (client-
 * side navigation). The time is taken inside the page: from the click to the first frame in which the
 * page's content (not its loading state) is in the document. 20 rounds; median and p95 per page.
 *
 *   npm run bench:web              20 rounds
 *   npm run bench:web -- --smoke   2 rounds on the build already in dist/ (CI: it runs and prints)
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { startAppServer } from './support/appServer';
import { percentile } from './support/listQueries';

const { values } = parseArgs({ options: { smoke: { type: 'boolean', default: false } } });
const ROUNDS = values.smoke ? 2 : 20;

/** Each page: the link that leads there (CSS, clicked on the current page) and what says it is shown. */
interface Step {
  name: string;
  link: (round: number) => string;
  shown: string;
}
const STEPS: Step[] = [
  {
    name: 'campaigns',
    link: () => 'nav a[href="/campaigns"]',
    shown: 'table[aria-busy="false"] tbody tr a[href^="/campaigns/"]',
  },
  {
    name: 'campaign',
    link: (round) => `table tbody tr:nth-child(${(round % 10) + 1}) a[href^="/campaigns/"]`,
    shown: 'a[href^="/planning/wizard/"][href$="/review"]',
  },
  {
    name: 'planning wizard',
    link: () => 'a[href^="/planning/wizard/"][href$="/review"]',
    shown: 'nav[aria-label="Plan steps"]',
  },
  { name: 'reports', link: () => 'nav a[href="/reports"]', shown: 'main table tbody tr' },
  { name: 'dashboard', link: () => 'nav a[href="/"]', shown: '[aria-label="Campaigns by status"]' },
];

/**
 * Clicks `link` and resolves with the ms until `shown` is in the document and the page has painted. A
 * string, not a function: tsx's transform would add helpers the page does not have.
 */
const TIME_NAVIGATION = `([linkSelector, shownSelector]) => new Promise((resolve, reject) => {
  const anchor = document.querySelector(linkSelector);
  if (!anchor) return reject(new Error('No link ' + linkSelector + ' on ' + location.pathname));
  const start = performance.now();
  const timeout = setTimeout(() => reject(new Error(shownSelector + ' not shown after 10 s')), 10000);
  const observer = new MutationObserver(() => check());
  function check() {
    if (!document.querySelector(shownSelector)) return;
    clearTimeout(timeout);
    observer.disconnect();
    // The next frame: the content has been laid out and painted.
    requestAnimationFrame(() => resolve(performance.now() - start));
  }
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  anchor.click();
})`;

async function timeNavigation(page: Page, link: string, shown: string): Promise<number> {
  return page.evaluate(`(${TIME_NAVIGATION})(${JSON.stringify([link, shown])})`) as Promise<number>;
}

// The smoke run measures the build already in dist/ (npm test's: it only reads it); the full run builds.
if (!values.smoke) {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
} else if (!existsSync('dist/index.html')) {
  throw new Error('No build in dist/: run npm run build first.');
}
const server = await startAppServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/auth/login`);
  await page.getByLabel('E-mail address').fill(server.email);
  await page.getByLabel('Password').fill(server.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForSelector(STEPS.at(-1)!.shown);
  const steps = STEPS.filter((step) => step.name !== 'reports' || server.hasReports);
  const times = new Map<string, number[]>(steps.map((step) => [step.name, []]));
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const step of steps) {
      const ms = await timeNavigation(page, step.link(round), step.shown);
      if (round > 0) times.get(step.name)!.push(ms); // round 0 loads each page's code: warm-up
    }
  }
  console.log(`\n${ROUNDS} navigations per page, signed in, Chromium headless on loopback`);
  console.log(`${'page'.padEnd(20)}${'median ms'.padStart(11)}${'p95 ms'.padStart(9)}`);
  let worst = 0;
  for (const [name, samples] of times) {
    const p95 = percentile(samples, 95);
    worst = Math.max(worst, p95);
    console.log(
      `${name.padEnd(20)}${percentile(samples, 50).toFixed(0).padStart(11)}${p95.toFixed(0).padStart(9)}`,
    );
  }
  console.log(`Slowest p95: ${worst.toFixed(0)} ms (target ≤ 300 ms per page)`);
} finally {
  await browser.close();
  await server.stop();
}
