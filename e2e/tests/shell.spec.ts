import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y.ts';
import {
  closeWelcomeToast,
  firstAdmin,
  newTeacher,
  screenshotDir,
  signIn,
  snap,
  WELCOME,
  welcomeToast,
} from '../support/helpers.ts';
import { adminToken, createTeacher, uniqueWord } from '../support/seed-people.ts';

const ADMIN_ENTRIES = [
  'Dashboard',
  'Users',
  'Students',
  'Activities',
  'Measurements',
  'Home Visits',
  'Visit Reviews',
  'Attendance',
  'Gifts',
  'Leaves',
  'Deleted records',
  'Audit Trail',
  'Profile',
];
const TEACHER_ENTRIES = [
  'Dashboard',
  'Students',
  'Activities',
  'Measurements',
  'Home Visits',
  'Attendance',
  'Gifts',
  'Leaves',
  'Profile',
];

async function sidebarEntries(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  return (await nav.locator('ul').first().locator(':scope > li > :is(a, button)').allInnerTexts()).map((t) =>
    t.trim(),
  );
}

test('the admin sidebar lists every admin entry in order, with the Attendance group', async ({ page }) => {
  await signIn(page, firstAdmin());
  await expect.poll(() => sidebarEntries(page)).toEqual(ADMIN_ENTRIES);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const group = nav.getByRole('button', { name: 'Attendance' });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Review', exact: true })).toBeHidden();
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Review', 'Teacher Reports', 'Office Location']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'My Attendance' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Office Location' }).click();
  await expect(page).toHaveURL(/\/admin\/office-location$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Office Location' })).toBeVisible();
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByPlaceholder('Search teachers and students...')).toBeVisible();
  await snap(page, 'shell-admin');
});

test('the teacher sidebar hides the admin entries', async ({ page, request }) => {
  const teacher = await newTeacher(request, 'Sidebar');
  await signIn(page, teacher);
  await expect.poll(() => sidebarEntries(page)).toEqual(TEACHER_ENTRIES);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Attendance' }).click();
  await expect(nav.getByRole('link', { name: 'My Attendance' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Review', exact: true })).toHaveCount(0);
  await expect(page.getByPlaceholder('Search your students...')).toBeVisible();
  // No students yet: the dashboard's status panel does not claim that every student was measured.
  await expect(page.getByText('No students awaiting a first measurement')).toBeVisible();
  await expect(page.getByText('No overdue measurements')).toBeVisible();
  // Avatar falls back to initials without a picture.
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('SF');
  await snap(page, 'shell-teacher');
});

test('on a phone the sidebar slides in from the burger and closes after navigating', async ({
  page,
  request,
}) => {
  const teacher = await newTeacher(request, 'Phone');
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, teacher);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Gifts' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav.getByRole('link', { name: 'Gifts' })).toBeVisible();
  await page.screenshot({
    path: `${process.env.E2E_SCREENSHOT_DIR || '../screenshots'}/shell-phone-open.png`,
  });
  await expectNoA11yViolations(page, 'phone sidebar open');
  await nav.getByRole('link', { name: 'Gifts' }).click();
  await expect(page).toHaveURL(/\/gifts$/);
  await expect(nav.getByRole('link', { name: 'Gifts' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Gifts' })).toBeVisible();
  await expect(page.getByText('No gifts found')).toBeVisible();
  await expectNoA11yViolations(page, 'teacher gifts on a phone');

  // A page opened from further down another starts at the top (on a short screen, where both pages are
  // taller than it).
  await page.setViewportSize({ width: 360, height: 420 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate('window.scrollY')).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await nav.getByRole('link', { name: 'Gifts' }).click();
  await expect(page.getByText('No gifts found')).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollHeight - window.innerHeight')).toBeGreaterThan(
    0,
  );
  await expect.poll(() => page.evaluate('window.scrollY')).toBe(0);
});

test('the user menu opens the profile', async ({ page }) => {
  await signIn(page, firstAdmin());
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Your profile' })).toBeVisible();
  await expectNoA11yViolations(page, 'user menu open');
  await page.getByRole('menuitem', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('the account menu moves as it opens, and opens at once for a person who asks for less motion', async ({
  browser,
}) => {
  // The journeys ask for reduced motion (playwright.config.ts); here one context asks for none. Mantine's
  // transition writes its duration on the opening element; with no transition, none.
  const durations = [
    ['no-preference', /^[1-9]\d*ms$/],
    ['reduce', /^$/],
  ] as const;
  for (const [reducedMotion, duration] of durations) {
    const context = await browser.newContext({ reducedMotion, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, firstAdmin());
    await closeWelcomeToast(page);
    // The menu's code loads on the first press and mounts open; the second opening is a transition's.
    const menu = page.getByRole('menu');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(menu.getByRole('menuitem', { name: 'Your profile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(menu.getByRole('menuitem', { name: 'Your profile' })).toBeVisible();
    expect(await menu.evaluate((el) => (el as HTMLElement).style.transitionDuration)).toMatch(duration);
    await context.close();
  }
});

test('a stored session that no longer works is cleared and leads to /login', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('token', 'not-a-real-token');
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 'x', firstName: 'Ghost', lastName: 'User', role: 'ADMIN' }),
    );
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.evaluate(() => {
    localStorage.setItem('token', 'whatever');
    localStorage.setItem('user', '{not json');
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('a signed-in page paints its frame from the HTML before any script, then the page replaces it without an error', async ({
  browser,
  page,
}) => {
  // Without scripts: index.html already holds the frame (top bar with the programme's name, sidebar,
  // loading page area), at desktop and phone width.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 800 },
  });
  const still = await noScript.newPage();
  await still.goto('/students');
  const frame = still.getByRole('status', { name: 'Loading' });
  await expect(frame).toBeVisible();
  await expect(frame.getByText(/Child Support\s*Programme/)).toBeVisible();
  mkdirSync(screenshotDir, { recursive: true });
  await still.screenshot({ path: path.join(screenshotDir, 'shell-frame-before-scripts-desktop.png') });
  await still.setViewportSize({ width: 360, height: 740 });
  await expect(frame.getByText(/Child Support\s*Programme/)).toBeVisible();
  await still.screenshot({ path: path.join(screenshotDir, 'shell-frame-before-scripts-phone.png') });
  await noScript.close();

  // With scripts, signed in, from a warm cache and from a cold one (a new browser context: every file
  // downloaded, as on a first visit or after a release): the page replaces the frame without a React
  // error (a hydration mismatch shows as React's minified error #418 or #425, reported as an uncaught
  // error; it made React render the whole page a second time, in one long task).
  const errors: string[] = [];
  const watch = (p: Page) => {
    p.on('console', (m) => {
      if (m.type() === 'error' && /React error|hydrat/i.test(m.text())) errors.push(m.text());
    });
    p.on('pageerror', (e) => errors.push(String(e)));
  };
  watch(page);
  await signIn(page, firstAdmin());
  const cold = await browser.newContext({ storageState: await page.context().storageState() });
  const coldPage = await cold.newPage();
  watch(coldPage);
  for (const [p, url] of [
    [coldPage, '/dashboard'],
    [page, '/dashboard'],
    [page, '/students'],
  ] as const) {
    await p.goto(url);
    await expect(p.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await cold.close();
  expect(errors).toEqual([]);
});

test('a first visit downloads only its page’s code and styles: the sign-in page none of the signed-in pages’, the dashboard no other page’s', async ({
  browser,
  page,
}) => {
  /** The build's files a page in a new browser context (an empty cache) asks for, by chunk name. */
  const assetsOf = (p: Page) => {
    const names: string[] = [];
    p.on('request', (r) => {
      const file = /\/assets\/([\w.-]+?)-[\w-]{8}\.(js|css)$/.exec(new URL(r.url()).pathname);
      if (file) names.push(`${file[1]}.${file[2]}`);
    });
    return names;
  };

  const visitor = await browser.newContext();
  const signInPage = await visitor.newPage();
  const signInAssets = assetsOf(signInPage);
  await signInPage.goto('/login');
  await expect(signInPage.getByRole('button', { name: 'Sign in to your account' })).toBeEnabled();
  await signInPage.waitForLoadState('networkidle');
  expect(signInAssets).toContain('LoginPage.js');
  for (const signedIn of ['AppLayout.js', 'DashboardPage.js', 'shell.js', 'shell-styles.css', 'styles.css'])
    expect(signInAssets).not.toContain(signedIn);
  await visitor.close();

  await signIn(page, firstAdmin());
  const cold = await browser.newContext({ storageState: await page.context().storageState() });
  const dashboard = await cold.newPage();
  const dashboardAssets = assetsOf(dashboard);
  await dashboard.goto('/dashboard');
  await expect(dashboard.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
  await dashboard.waitForLoadState('networkidle');
  expect(dashboardAssets).toEqual(
    expect.arrayContaining(['AppLayout.js', 'DashboardPage.js', 'shell-styles.css']),
  );
  // Not the sign-in form, nor the other pages' styles (mantine-styles.ts), charts or map.
  for (const other of ['LoginPage.js', 'auth.js', 'styles.css', 'charts.js', 'leaflet.js'])
    expect(dashboardAssets).not.toContain(other);

  // The next page brings the other pages' styles with it.
  await dashboard
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(dashboard.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(dashboardAssets).toContain('styles.css');
  await cold.close();
});

test('signing in opens the dashboard, with its welcome toast, without the other pages’ styles; the next page brings them', async ({
  page,
}) => {
  const styles: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/styles-[\w-]{8}\.css$/.test(new URL(r.url()).pathname)) styles.push(r.url());
  });
  await signIn(page, firstAdmin());
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(styles).toEqual([]);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  expect(styles).toHaveLength(1);
});

test('on a phone a toast stands below the top bar, whose menu button stays usable while it shows', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, firstAdmin());
  const toast = welcomeToast(page);
  await expect(toast).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  const box = await toast.boundingBox();
  expect(header && box && box.y >= header.y + header.height).toBe(true);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, 'toast-below-top-bar-phone.png') });
  // The click lands on the button itself (Playwright refuses a click another element would take).
  await page.getByRole('button', { name: 'Open navigation', exact: true }).click({ timeout: 2_000 });
  await expect(page.getByRole('button', { name: 'Close navigation' })).toBeVisible();
});

/**
 * Where the element `over` selects and the toast saying `toastText` overlap, the middle of the overlap
 * belongs to `over` (it would take a tap there). Fails when they do not overlap: that would prove nothing.
 */
async function expectOverTheToast(page: Page, over: string, toastText: string) {
  const found = await page.evaluate(
    ([overSelector, text]) => {
      const toast = [...document.querySelectorAll('[role="alert"]')].find((el) =>
        el.textContent?.includes(text),
      );
      const top = document.querySelector(overSelector);
      if (!toast || !top) return { overlap: false, onTop: false };
      const a = toast.getBoundingClientRect();
      const b = top.getBoundingClientRect();
      const left = Math.max(a.left, b.left);
      const right = Math.min(a.right, b.right);
      const upper = Math.max(a.top, b.top);
      const lower = Math.min(a.bottom, b.bottom);
      if (left >= right || upper >= lower) return { overlap: false, onTop: false };
      const hit = document.elementFromPoint((left + right) / 2, (upper + lower) / 2);
      return { overlap: true, onTop: !!hit && top.contains(hit) };
    },
    [over, toastText] as const,
  );
  expect(found).toEqual({ overlap: true, onTop: true });
}

test('on a phone the account menu and the search’s results open over a toast, and take the taps', async ({
  page,
  request,
}) => {
  const teacher = await createTeacher(request, await adminToken(request), {
    firstName: 'Toast',
    lastName: uniqueWord(),
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, firstAdmin());
  const toast = welcomeToast(page);
  await expect(toast).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectOverTheToast(page, '[role="menu"]', WELCOME);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, 'menu-over-toast-phone.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  // Pointing at a toast holds it (Mantine restarts its 6 s when the pointer leaves), and the search is
  // opened and typed into from the keyboard: the toast is still there when the results come, whatever
  // the machine's speed.
  await toast.hover();
  await page.getByRole('button', { name: 'Open search' }).press('Enter');
  await page.getByRole('combobox', { name: 'Search' }).fill(teacher.lastName);
  const result = page.getByRole('option', { name: new RegExp(`Toast ${teacher.lastName}`) });
  await expect(result).toBeVisible();
  await expectOverTheToast(page, '[role="listbox"]', WELCOME);
  await page.screenshot({ path: path.join(screenshotDir, 'search-over-toast-phone.png') });
  await result.click({ timeout: 2_000 });
  await expect(page).toHaveURL(new RegExp(`/users/${teacher.id}$`));
});
