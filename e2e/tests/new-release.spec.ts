import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { firstAdmin, newTeacher, signIn, snap } from '../support/helpers.ts';
import { adminToken, createStudent, createTeacher, uniqueWord } from '../support/seed-people.ts';

/**
 * A page left open across a release: the previous build's chunk files are gone from the server, so the
 * next lazy page fails to load. Here the students list's chunk is asked for under a name the server
 * does not have (its own 404 answers), as after a release.
 */
const STUDENTS_CHUNK = /\/assets\/StudentsListPage-[\w-]+\.js$/;

/**
 * Sends the students list's chunk requests (the import, and the app's check whether the server still has
 * the file) to a file the server does not have: until the page reloads (the new build), or always.
 */
async function chunkGone(page: Page, { untilReload = false } = {}) {
  const gone = (route: Route) =>
    route.continue({
      url: route
        .request()
        .url()
        .replace(/-[\w-]+\.js$/, '-gone.js'),
    });
  await page.route(STUDENTS_CHUNK, gone);
  if (untilReload) {
    const reloaded = (request: Request) => {
      if (request.resourceType() !== 'document' || request.frame() !== page.mainFrame()) return;
      page.off('request', reloaded);
      void page.unroute(STUDENTS_CHUNK, gone);
    };
    page.on('request', reloaded);
  }
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
  await chunkGone(page, { untilReload: true });

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

/**
 * A chunk whose request gets no answer, as on a connection that is down: the server cannot say the file
 * is gone, so no reload follows (it would only swap the page for the browser's offline page).
 */
async function lostChunk(page: Page, chunk: RegExp) {
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
}

test('a page whose chunk gets no answer (the connection is down) shows the error in place, without a reload', async ({
  page,
}) => {
  await signIn(page, firstAdmin());
  await markPage(page);
  const loads = countPageLoads(page);
  await lostChunk(page, STUDENTS_CHUNK);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Students' })
    .click();
  const failure = page.getByRole('heading', { level: 1, name: 'This page could not be shown' });
  await expect(failure).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(loads.count).toBe(0);
  expect(await markedPage(page)).toBe(true);
  expect(await page.evaluate(() => sessionStorage.getItem('chunkReloadAt'))).toBeNull();

  // The connection is back: 'Refresh Page' loads it.
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Student Management' })).toBeVisible();
});

/**
 * A part of a page with code of its own (the growth charts, the map, the leave analytics, the toasts)
 * downloads after the page: on a patchy connection that download can fail with the page already shown.
 */

test('growth charts that fail to download say so in their place; the rest of the page stays, and Try again loads them', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Patchy', lastName: uniqueWord() });
  const child = await createStudent(request, token, {
    firstName: 'Mira',
    lastName: uniqueWord(),
    assignedTeacherId: teacher.id,
  });
  await signIn(page, firstAdmin());
  await lostChunk(page, /\/assets\/GrowthCharts-[\w-]+\.js$/);

  await page.goto(`/students/${child.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `${child.firstName} ${child.lastName}` }),
  ).toBeVisible();
  const growth = page.getByRole('region', { name: 'Growth' });
  await expect(
    growth.getByText('The growth charts could not be loaded. Check your connection, then try again.'),
  ).toBeVisible();
  // The page is still the student's page: not the page-wide error.
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  await snap(page, 'lazy-part-not-loaded');

  await page.unrouteAll();
  await growth.getByRole('button', { name: 'Try again' }).click();
  await expect(
    growth.getByText('Add the child’s sex to the student record to see growth scores.'),
  ).toBeVisible();
  await expect(growth.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

/** Saves a new phone number on /profile; the page is back to showing the profile. */
async function savePhone(page: Page, phone: string) {
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Phone').fill(phone);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
}

test('toasts whose code fails to download leave the app working; the next toast downloads them again', async ({
  page,
  request,
}) => {
  const teacher = await newTeacher(request, 'Toma');
  await signIn(page, teacher);
  await lostChunk(page, /\/assets\/Toasts-[\w-]+\.js$/);
  await page.goto('/profile');

  await savePhone(page, '077 000 0001');
  // Saved, and the app is still there (the toast could not show).
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('077 000 0001')).toBeVisible();
  await expect(page.getByText('Profile updated successfully!')).toHaveCount(0);

  await page.unrouteAll();
  await savePhone(page, '077 000 0002');
  await expect(page.getByText('Profile updated successfully!', { exact: true }).first()).toBeVisible();
});

test('a toast shown while the toasts’ download is still failing downloads them again once it has failed', async ({
  page,
  request,
}) => {
  const teacher = await newTeacher(request, 'Tova');
  await signIn(page, teacher);
  await page.goto('/profile');
  // The first download gets its answer (none: the connection is down) only when the test says so; the
  // connection is back for any later one.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let asked = 0;
  await page.route(/\/assets\/Toasts-[\w-]+\.js$/, async (route) => {
    if (++asked > 1) return route.fallback();
    await answered;
    await route.abort('internetdisconnected');
  });
  await savePhone(page, '077 000 0003');
  await expect.poll(() => asked).toBe(1);
  // The first download is still waiting for its answer when the second toast comes; then it fails.
  await savePhone(page, '077 000 0004');
  answer();
  await expect(page.getByText('Profile updated successfully!', { exact: true }).first()).toBeVisible();
});
