import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** The rule sets the accessibility sweep holds every screen to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Waits until the page is still: no requests in flight, and every finite animation (dialogs opening,
 * toasts) over, so axe measures colours and boxes as the user sees them. Endless ones (spinners) are left.
 */
export async function settle(page: Page, { scope = 'body', network = true } = {}) {
  if (network) await page.waitForLoadState('networkidle');
  await page.locator(scope).evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Zero axe violations on the page (or in `include`), after it has settled. `tags: 'all'` runs every rule
 * axe enables by default; otherwise the WCAG 2.0/2.1 A and AA rules and axe's best practices.
 * `network: false` skips waiting for an idle network (a view that polls, such as the magic link's).
 */
export async function expectNoAxeViolations(
  page: Page,
  view: string,
  {
    include,
    tags = WCAG_TAGS,
    network = true,
  }: { include?: string; tags?: string[] | 'all'; network?: boolean } = {},
) {
  // A step of its own: the report names the scan, and a slow machine's axe gets a guard of its own (a
  // scan takes 0.3–2 s on an idle machine) instead of eating the journey's.
  const results = await test.step(
    `axe: ${view}`,
    async () => {
      await settle(page, { scope: include, network });
      // Only violations are wanted: axe then keeps one node per passed or inapplicable rule instead of
      // every one, much of its work on a long page.
      let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
      if (include) builder = builder.include(include);
      if (tags !== 'all') builder = builder.withTags(tags);
      return builder.analyze();
    },
    { timeout: 90_000 },
  );
  expect(
    results.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      targets: nodes.map((n) => n.target),
      summary: nodes[0]?.failureSummary,
    })),
    view,
  ).toEqual([]);
}
