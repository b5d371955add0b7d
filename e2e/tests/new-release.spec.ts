import { expect, test, type Page } from '@playwright/test';
import { firstAdmin, signIn, snap } from '../support/helpers.ts';

/**
 * A page left open across a release: the previous build's chunk files are gone from the server, so the
 * next lazy page fails to load. Here the students list's chunk is asked for under a name the server
 * does not have (its own 404 answers), as after a release.
 */
const STUDENTS_CHUNK = /\/assets\/StudentsListPage-[\w-]+\.js$/;

/** Sends the students list's chunk requests to a file the server does not have, `times` times (or always). */
async function chunkGone(page: Page, times?: number) {
  await page.route(
    STUDENTS_CHUNK,
    (route) =>
      route.continue({
        url: route
          .request()
          .url()
          .replace(/-[\w-]+\.js$/, '-gone.js'),
      }),
    times === undefined ? undefined : { times },
  );
}

/** Counts the page loads (documents) from now on. */
function countPageLoads(page: Page) {
  const loads = { count: 0 };
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && r.frame() === page.mainFrame()) loads.count += 1;
  });
  return loads;
}

/** Marks the loaded page, so that a reload (a fresh window) shows. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(globalThis, { beforeRelease: true }));
const markedPage = (page: Page) => page.evaluate(() => 'beforeRelease' in globalThis);

test('a page whose chunk is gone after a release reloads once, into the page being opened', async ({
  page,
}) => {
  await signIn(page, firstAdmin());
  await markPage(page);
  const loads = countPageLoads(page);
  await chunkGone(page, 1);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Students' })
    .click();
  await expect(page).toHaveURL(/\/students$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Student Management' })).toBeVisible();
  // It came with a reload (the new build), once.
  expect(await markedPage(page)).toBe(false);
  expect(loads.count).toBe(1);
  expect(await page.evaluate(() => sessionStorage.getItem('chunkReloadAt'))).toMatch(/^\d+$/);
});

test('a chunk still missing right after that reload shows the error instead of reloading again', async ({
  page,
}) => {
  await signIn(page, firstAdmin());
  const loads = countPageLoads(page);
  await chunkGone(page);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Students' })
    .click();
  // One reload into /students, whose chunk fails again: the app's message shows in the page's place,
  // inside the layout (the navigation stays), and no other reload follows.
  const failure = page.getByRole('heading', { level: 1, name: 'This page could not be shown' });
  await expect(failure).toBeVisible();
  await expect(
    page.getByText('The app could not load this page. Check your connection, then refresh the page.'),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeAttached();
  await expect(page).toHaveURL(/\/students$/);
  await page.waitForTimeout(1_000);
  expect(loads.count).toBe(1);
  await expect(failure).toBeVisible();
  await snap(page, 'new-release-page-not-loaded');

  // 'Refresh Page' once the release's files are there again: the page loads.
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Student Management' })).toBeVisible();
});
