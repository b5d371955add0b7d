import { expect, test, type Page } from '@playwright/test';
import axe, { type AxeResults, type RunOptions } from 'axe-core';

/** The impacts that fail a journey; 'minor' and 'moderate' findings are left to people to judge. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** How many offending elements each violation lists by selector. */
const TARGETS_SHOWN = 4;

/**
 * Waits until no finite CSS animation or transition is running (modals, menus, drawers and toasts fade
 * and slide in; a half-faded element would be measured with the wrong contrast). Endless ones (loaders)
 * and scroll-driven ones are ignored.
 */
async function settle(page: Page) {
  // Polled from here: page.waitForFunction evaluates its predicate in a way the app's CSP forbids.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          // A scroll-driven animation (the wide tables' fading edge) follows scrolling, not time: it
          // never ends and needs no wait.
          return document
            .getAnimations()
            .every(
              (a) =>
                a.playState !== 'running' ||
                a.timeline !== document.timeline ||
                a.effect?.getTiming().iterations === Infinity,
            );
        }),
      { timeout: 5_000, intervals: [50, 100, 200], message: 'animations still running' },
    )
    .toBe(true);
}

const AXE_OPTIONS: RunOptions = {
  // Experimental in axe, on here: a control's spoken name must contain its visible text (WCAG 2.5.3).
  rules: { 'label-content-name-mismatch': { enabled: true } },
  // Only the violations are read, so axe lists them in full and no passing element (a fifth of its time).
  resultTypes: ['violations'],
};

/**
 * Runs axe-core in the page. The app has no frames, so axe runs in the page alone, and its source is
 * evaluated once per document (a navigation clears it), not before every run: each check of a page at
 * two widths (snap) costs one evaluation of its 1.3 MB, not two.
 */
const failingOf = (results: AxeResults) =>
  results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));

async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axe.source);
  return page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(options), AXE_OPTIONS);
}

/**
 * Runs axe-core (its default rules: WCAG 2.x A/AA and best practices, plus the label-in-name check) on
 * the page as it is now and fails the test — softly, so one run lists every page's problems — for each
 * violation of impact 'serious' or 'critical', naming the rule, its impact, how many elements break it
 * and a few of their selectors.
 * `where` names the page state in the failure message (the URL and viewport width are added).
 */
export async function expectNoA11yViolations(page: Page, where = '') {
  await settle(page);
  let failing = failingOf(await runAxe(page));
  if (failing.length) {
    // Looked at again once things settle: a toast that began to fade out while axe ran (its 6 s ran out
    // during a slow run; CI once measured one at 1.28:1) is gone or whole by then. A real failure stays.
    await settle(page);
    failing = failingOf(await runAxe(page));
  }
  const width = page.viewportSize()?.width;
  const label = `${where ? `${where} ` : ''}${new URL(page.url()).pathname} at ${width ?? '?'} px`;
  const report = failing.map((v) => {
    const targets = v.nodes
      .slice(0, TARGETS_SHOWN)
      .map(
        (n) => `      ${n.target.join(' ')}${n.failureSummary ? ` (${firstLine(n.failureSummary)})` : ''}`,
      );
    const more = v.nodes.length > TARGETS_SHOWN ? [`      … and ${v.nodes.length - TARGETS_SHOWN} more`] : [];
    return [`  ${v.id} [${v.impact}] ${v.help}: ${v.nodes.length} element(s)`, ...targets, ...more].join(
      '\n',
    );
  });
  if (failing.length) {
    await test.info().attach(`a11y ${label}`, {
      body: JSON.stringify(failing, null, 2),
      contentType: 'application/json',
    });
  }
  expect.soft(report, `accessibility violations on ${label}:\n${report.join('\n')}`).toEqual([]);
}

/** The first helpful line of axe's failure summary ('Fix any of the following:' is dropped). */
function firstLine(summary: string): string {
  const lines = summary
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^Fix (any|all) of the following:$/.test(l));
  return lines[0] ?? '';
}
