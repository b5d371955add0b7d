import { expect, test, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { firstAdmin, signIn, snap, webDistDir } from '../support/helpers.ts';
import { keptText, NEEDS_CONNECTION, servedByWorker } from '../support/offline.ts';
import { adminToken, createStudent, createTeacher, uniqueWord } from '../support/seed-people.ts';

/**
 * The installable app (decision 0036): its manifest, its service worker opening pages with no
 * connection, nothing of the API in Cache Storage, and a new release waiting for the person's Reload.
 * The other journeys block service workers; these allow them, one after the other (the last one swaps
 * the build's worker for a new release).
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

/** Every address Cache Storage holds, in every cache. */
const cachedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const addresses: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) addresses.push(request.url);
    }
    return addresses;
  });

/** The top bar's connection status while there is none. */
const offlineBadge = (page: Page) =>
  page.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('every page links the manifest, which makes the app installable', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Child Support Programme',
    start_url: '/dashboard',
    display: 'standalone',
    theme_color: '#12b886',
    background_color: '#ffffff',
  });
  expect(manifest.short_name.length).toBeLessThanOrEqual(15);
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  await signIn(page, firstAdmin());
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', href!);
});

test('after one visit online, pages open with no connection, and Cache Storage keeps no API answer', async ({
  page,
  context,
  request,
}) => {
  const token = await adminToken(request);
  const lastName = uniqueWord();
  const teacher = await createTeacher(request, token, { firstName: 'Tara', lastName });
  const student = await createStudent(request, token, {
    firstName: 'Nila',
    lastName: uniqueWord(),
    assignedTeacherId: teacher.id,
  });
  // A student whose page the teacher never opens: the app fetched it for the field all the same.
  const address = `${uniqueWord()} Lane, Jaffna`;
  const unopened = await createStudent(request, token, {
    firstName: 'Arun',
    lastName: uniqueWord(),
    assignedTeacherId: teacher.id,
    address,
  });
  const name = `${student.firstName} ${student.lastName}`;

  await signIn(page, teacher);
  await page.goto('/students');
  await expect(page.getByText(name).first()).toBeVisible();
  await servedByWorker(page);
  // The teacher's offline copy holds both students' pages before the connection goes.
  await expect.poll(() => keptText(page, `csp-copy-${teacher.id}`)).toContain(address);

  await context.setOffline(true);
  try {
    // A page seen online, and pages never opened: their code was precached with the rest of the build.
    await page.reload();
    await expect(heading(page, 'My Students')).toBeVisible();
    await expect(offlineBadge(page)).toBeVisible();
    // The records come from the offline copy, and the page says so.
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(
      page.getByText(/^Offline — showing what was saved at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/),
    ).toBeVisible();
    await snap(page, 'offline-students');
    await page.goto(`/students/${unopened.id}`);
    await expect(heading(page, `${unopened.firstName} ${unopened.lastName}`)).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
    await snap(page, 'offline-student-detail');
    // What is not kept for the field says it needs the connection instead of spinning.
    await page.goto('/gifts');
    await expect(page.getByText(NEEDS_CONNECTION).first()).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await snap(page, 'offline-needs-connection');
    await page.goto('/activities');
    await expect(heading(page, 'Activities')).toBeVisible();
    // Pages never opened online that the caseload keeps for the field: their leaves and the
    // measurement status, as those pages first ask for them.
    const savedAt = page.getByText(/^Offline — showing what was saved at /);
    await page.goto('/leaves');
    await expect(heading(page, 'Leaves')).toBeVisible();
    await expect(savedAt).toBeVisible();
    await expect(page.getByText(NEEDS_CONNECTION)).toHaveCount(0);
    await page.goto('/measurements/status');
    await expect(heading(page, 'Measurement Status')).toBeVisible();
    await expect(savedAt).toBeVisible();
    await expect(page.getByRole('table').getByText(name)).toBeVisible();

    const cached = await cachedAddresses(page);
    expect(cached.some((url) => url.endsWith('/index.html') || url.includes('/index.html?'))).toBe(true);
    expect(cached.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
  } finally {
    await context.setOffline(false);
  }
  await expect(offlineBadge(page)).toHaveCount(0);

  // Signing out leaves nothing of the students on the phone: no offline copy, nothing in Cache Storage.
  expect(await keptText(page, `csp-copy-${teacher.id}`)).toContain(student.lastName);
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const left = await page.evaluate(() => indexedDB.databases().then((all) => all.map((d) => d.name)));
  expect(left.filter((n) => n?.startsWith('csp-'))).toEqual([]);
  const cachedTexts = await page.evaluate(async () => {
    const texts: string[] = [];
    for (const cache of await caches.keys()) {
      const open = await caches.open(cache);
      for (const request of await open.keys()) texts.push((await (await open.match(request))?.text()) ?? '');
    }
    return texts.join('\n');
  });
  expect(cachedTexts.length).toBeGreaterThan(0);
  expect(cachedTexts).not.toContain(student.lastName);
  expect(cachedTexts).not.toContain(address);
});

test('a new release waits until "A new version is ready" is answered with Reload', async ({ page }) => {
  await signIn(page, firstAdmin());
  await servedByWorker(page);
  await page.evaluate(() => Object.assign(globalThis, { beforeRelease: true }));

  // A new release: the server's worker differs (here by a line), and the browser finds it on its check.
  const worker = path.join(webDistDir, 'sw.js');
  const released = readFileSync(worker);
  const newRelease = Buffer.concat([released, Buffer.from(`\n// release ${Date.now()}\n`)]);
  try {
    writeFileSync(worker, newRelease);
    writeFileSync(`${worker}.br`, brotliCompressSync(newRelease));
    writeFileSync(`${worker}.gz`, gzipSync(newRelease));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

    const notice = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await expect(notice).toBeVisible();
    // It waits for the person: the page is still the one loaded before the release.
    expect(await page.evaluate(() => 'beforeRelease' in globalThis)).toBe(true);
    await snap(page, 'new-version-ready');

    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => 'beforeRelease' in globalThis)).toBe(false);
    await expect(heading(page, /^Welcome back, /)).toBeVisible();
    await expect(notice).toHaveCount(0);
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)),
    ).toBeNull();
  } finally {
    writeFileSync(worker, released);
    writeFileSync(`${worker}.br`, brotliCompressSync(released));
    writeFileSync(`${worker}.gz`, gzipSync(released));
  }
});
