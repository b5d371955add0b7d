import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { auth } from './forms.ts';
import { storedRows } from './indexeddb.ts';
import { createStudent, uniqueTag } from './seed-people.ts';

/**
 * What the journeys without a connection share (issue 47): the service worker, the outbox and the
 * teacher's offline copy, as a person and the phone's storage show them.
 */

/** The confirmation of a record kept on the phone (lib/outbox-sender.ts KEPT_ON_PHONE). */
export const KEPT = 'Saved on this phone — it will be sent when you are online';
/** What a page shows offline for data it has no saved copy of (components/PageLoader.tsx). */
export const NEEDS_CONNECTION = 'This needs a connection. It will load when you are online.';

/** Waits until the app's worker has installed (the build precached) and serves this page. */
export async function servedByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** Everything an IndexedDB database of the page's origin holds, as text. */
export const keptText = async (page: Page, database: string) =>
  JSON.stringify(await storedRows(page, database));

/**
 * The answers a teacher's offline copy holds (lib/offline-copy.ts), each by its query's hash: its key as
 * JSON, e.g. '["students","detail","<id>"]'.
 */
export async function keptQueries(page: Page, userId: string): Promise<string[]> {
  const { entries = [] } = await storedRows(page, `csp-copy-${userId}`);
  return (entries as { value: string }[]).flatMap((entry) => {
    const kept = JSON.parse(entry.value) as { clientState?: { queries?: { queryHash: string }[] } };
    return (kept.clientState?.queries ?? []).map((q) => q.queryHash);
  });
}

/** The names of the IndexedDB databases of the app's origin. */
export const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
/** The top bar's statuses: the connection ('Offline') and the records waiting to be sent. */
export const topBarStatus = (page: Page) => page.getByRole('banner').getByRole('status');
/** A list page's records kept on the phone and not sent yet (components/WaitingRecords.tsx). */
export const waitingSection = (page: Page) => page.getByRole('region', { name: 'Waiting to send' });

/** A one-year-old HOME_BASE student of the teacher (a home visit is recorded for such a student). */
export async function homeBaseStudent(
  request: APIRequestContext,
  token: string,
  teacherId: string,
  home: { homeLatitude?: number; homeLongitude?: number } = {},
) {
  return createStudent(request, token, {
    firstName: 'Malar',
    lastName: `Outbox${uniqueTag()}`,
    assignedTeacherId: teacherId,
    category: 'HOME_BASE',
    dateOfBirth: `${new Date().getFullYear() - 1}-03-10`,
    ...home,
  });
}

/** A student's home visits as the API answers them (GET /api/home-visits). */
export async function visitsOf(request: APIRequestContext, token: string, studentId: string) {
  const res = await request.get(`/api/home-visits?studentId=${studentId}&limit=50`, auth(token));
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    id: string;
    notes: string | null;
    photos: string[];
    files: { name: string; mimeType: string; sizeBytes: number }[];
    latitude: number | null;
    longitude: number | null;
    locationAccuracy: number | null;
    isWithinRange: boolean | null;
    recordedAt: string;
    createdAt: string;
  }[];
}

/** Chooses the student on the Record Home Visit form, whose options read 'Name (age)'. */
export async function pickVisitStudent(page: Page, name: string) {
  const box = page.getByRole('textbox', { name: 'Student', exact: true });
  await box.click();
  await box.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} \\(\\d\\)$`) }).click();
}
