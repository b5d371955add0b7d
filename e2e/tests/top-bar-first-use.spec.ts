import { expect, test, type Page, type Route } from '@playwright/test';
import { closeWelcomeToast, firstAdmin, signIn, snap } from '../support/helpers.ts';
import { adminToken, createTeacher, uniqueWord } from '../support/seed-people.ts';

/**
 * The top bar's search and user menu download their code on first use, not with the first page
 * (issue 13: the dashboard's first load). Until then a control of the same look stands in; what a
 * person does with it meanwhile must not be lost, on a slow connection or a failing one.
 */
const SEARCH_CHUNK = /\/assets\/SearchBox-[\w-]+\.js$/;
const MENU_CHUNK = /\/assets\/UserMenuDropdown-[\w-]+\.js$/;

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const userMenu = (page: Page) => page.getByRole('button', { name: 'User menu' });

/** Holds the chunk's requests until `release()` is called: a slow connection. */
async function holdChunk(page: Page, chunk: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunk, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Counts the requests for the chunk from now on. */
function countRequests(page: Page, chunk: RegExp) {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (chunk.test(r.url())) seen.count += 1;
  });
  return seen;
}

test('the search and the user menu download on first use; text typed meanwhile is kept, and the press opens the menu', async ({
  page,
  request,
}) => {
  const teacher = await createTeacher(request, await adminToken(request), {
    firstName: 'Nadika',
    lastName: uniqueWord(),
  });
  const searchRequests = countRequests(page, SEARCH_CHUNK);
  const menuRequests = countRequests(page, MENU_CHUNK);
  await signIn(page, firstAdmin());
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
  await closeWelcomeToast(page);
  // The first page asked for neither.
  expect(searchRequests.count).toBe(0);
  expect(menuRequests.count).toBe(0);
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search teachers and students...');

  // A slow connection: the search's code arrives after the typing has begun.
  const releaseSearch = await holdChunk(page, SEARCH_CHUNK);
  await searchBox(page).click();
  await searchBox(page).pressSequentially(teacher.lastName.slice(0, 5).toLowerCase());
  await expect.poll(() => searchRequests.count).toBe(1);
  await expect(searchBox(page)).toHaveValue(teacher.lastName.slice(0, 5).toLowerCase());
  await expect(page.getByRole('option')).toHaveCount(0);
  releaseSearch();
  // The search takes over the text and the focus, and the typing goes on where it was.
  const option = page.getByRole('option', { name: new RegExp(`Nadika ${teacher.lastName}`) });
  await expect(option).toBeVisible();
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).pressSequentially(teacher.lastName.slice(5).toLowerCase());
  await expect(searchBox(page)).toHaveValue(teacher.lastName.toLowerCase());
  await expect(page.getByRole('option')).toHaveCount(1);
  await searchBox(page).press('Escape');

  // The user menu: the press that downloads it opens it.
  const releaseMenu = await holdChunk(page, MENU_CHUNK);
  await userMenu(page).click();
  await expect.poll(() => menuRequests.count).toBe(1);
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toHaveCount(0);
  releaseMenu();
  await expect(page.getByRole('menuitem', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  // Escape before the screenshots: their change of the viewport's width can take the focus out of the
  // open menu, and Escape gives it back to the button only from inside the menu.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toHaveCount(0);
  await expect(userMenu(page)).toBeFocused();
  // Downloaded once: opening it again asks for nothing.
  await userMenu(page).click();
  await expect(page.getByRole('menuitem', { name: 'Your profile' })).toBeVisible();
  expect(menuRequests.count).toBe(1);
  await snap(page, 'user-menu-first-use');
});

test('when their code cannot be downloaded, the stand-ins keep working and the next use tries again', async ({
  page,
  request,
}) => {
  const teacher = await createTeacher(request, await adminToken(request), {
    firstName: 'Offline',
    lastName: uniqueWord(),
  });
  await signIn(page, firstAdmin());
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
  await closeWelcomeToast(page);
  // No answer for either chunk (a connection that is down, not a release): no reload, however long
  // since the last one, so nothing typed is lost.
  await page.evaluate(() => Object.assign(globalThis, { beforeFailure: true }));
  await page.route(SEARCH_CHUNK, (route) => route.abort('internetdisconnected'));
  await page.route(MENU_CHUNK, (route) => route.abort('internetdisconnected'));

  const failedSearch = { count: 0 };
  page.on('requestfailed', (r) => {
    if (SEARCH_CHUNK.test(r.url()) && r.method() === 'GET') failedSearch.count += 1;
  });
  const word = teacher.lastName.toLowerCase();
  await searchBox(page).click();
  await searchBox(page).fill(word);
  // After the download has failed, the box is as it was: the text typed and the focus are still there.
  await expect.poll(() => failedSearch.count).toBeGreaterThan(0);
  await expect(searchBox(page)).toHaveValue(word);
  await expect(searchBox(page)).toBeFocused();
  await userMenu(page).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toHaveCount(0);
  // The page is still the dashboard: neither failure took it away.
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toHaveCount(0);
  await expect(searchBox(page)).toHaveValue(word);
  expect(await page.evaluate(() => 'beforeFailure' in globalThis)).toBe(true);
  expect(await page.evaluate(() => sessionStorage.getItem('chunkReloadAt'))).toBeNull();

  // The connection is back: the next focus of the search and the next press of the menu load them.
  await page.unrouteAll();
  await searchBox(page).click();
  await expect(page.getByRole('option', { name: new RegExp(`Offline ${teacher.lastName}`) })).toBeVisible();
  await searchBox(page).press('Escape');
  await userMenu(page).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
});
