import { expect, test, type Page } from '@playwright/test';
import { daysAgo, shownDate } from '../support/dates.ts';
import { auth, typeDate } from '../support/forms.ts';
import { signIn, snap } from '../support/helpers.ts';
import { jpegSize, photoLikePng, pngFile } from '../support/images.ts';
import { storedRows } from '../support/indexeddb.ts';
import {
  databases,
  homeBaseStudent,
  KEPT,
  pickVisitStudent,
  toast,
  topBarStatus,
  visitsOf,
  waitingSection,
} from '../support/offline.ts';
import { adminToken, createTeacher, tokenOf, uniqueWord } from '../support/seed-people.ts';

/**
 * The outbox (issue 47, part C): records made without a connection are kept on the phone, shown as
 * waiting, and sent once when it returns; a refused one waits for the person, who may discard it;
 * signing out warns of unsent records and leaves none of them on the phone; a record not sent yet is
 * changed in its own form, and a refused one too, each then sent once. The pages are opened while
 * online first (these journeys block the service worker; offline-app.spec.ts opens pages offline).
 */

const LOW_SPACE =
  'This phone is almost out of space for records waiting to be sent. Go online to send them before adding more photos.';
const NO_ROOM =
  'This phone has no room left to keep this record. Remove a photo or file, or save it when you are online.';
const OFFICE = { latitude: 9.6615, longitude: 80.0255 };

test.use({ permissions: ['geolocation'], geolocation: { ...OFFICE, accuracy: 8 } });

/** The files kept in a user's outbox on the phone (their Blobs as type and size). */
async function keptFiles(page: Page, userId: string) {
  const { items = [] } = await storedRows(page, `csp-offline-${userId}`);
  return (items as { files: { name: string; blob?: { type: string; size: number } }[] }[]).flatMap(
    (i) => i.files,
  );
}

test('a visit with a photo and a check-in made offline wait on the phone, then are sent once when it is online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Selvi', lastName: uniqueWord() });
  const student = await homeBaseStudent(request, token, teacher.id);
  const name = `${student.firstName} ${student.lastName}`;

  await signIn(page, teacher);
  // Each page once while online, so its code is in this tab.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await page.goto('/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting to send' })).toBeVisible();
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible();
  await nav.getByRole('button', { name: 'Attendance' }).click();
  await nav.getByRole('link', { name: 'My Attendance', exact: true }).click();
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('button', { name: 'Check In' })).toBeVisible();
  await nav.getByRole('link', { name: 'Home Visits' }).click();
  await expect(page.getByText('No home visits recorded yet')).toBeVisible();
  await page.getByRole('link', { name: 'Record Home Visit' }).click();
  await pickVisitStudent(page, name);
  await page.getByLabel('Notes').fill('Recorded at the door, no signal in the village.');
  await page.getByLabel('Photos and documents', { exact: true }).setInputFiles([
    pngFile('doorstep.png', [
      [30, 140, 90],
      [240, 230, 200],
    ]),
  ]);

  // --- the signal goes: the visit is kept on the phone -----------------------------------------------
  await context.setOffline(true);
  await expect(topBarStatus(page)).toContainText('Offline');
  const tappedAt = Date.now();
  await page.getByRole('button', { name: 'Record Visit' }).click();
  await expect(toast(page, KEPT)).toBeVisible();
  await expect(page).toHaveURL(/\/home-visits$/);
  await expect(waitingSection(page)).toContainText(name);
  await expect(waitingSection(page)).toContainText('Waiting to send');
  await expect(page.getByRole('link', { name: '1 waiting to send' })).toBeVisible();
  await snap(page, 'outbox-visit-waiting');
  expect(await visitsOf(request, token, student.id)).toEqual([]);

  await page.getByRole('link', { name: '1 waiting to send' }).click();
  await expect(page).toHaveURL(/\/outbox$/);
  const item = page.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Home visit');
  await expect(item).toContainText('1 file');
  await expect(page.getByRole('button', { name: 'Send now' })).toBeDisabled();
  await snap(page, 'outbox-page');

  // --- still offline, the check-in is kept too, with its own time -------------------------------------
  await nav.getByRole('link', { name: 'My Attendance', exact: true }).click();
  await today.getByRole('button', { name: 'Check In' }).click();
  await expect(toast(page, KEPT)).toBeVisible();
  await expect(today).toContainText('saved on this phone, waiting to send');
  await expect(today.getByRole('button', { name: 'Check Out' })).toBeVisible();
  await expect(page.getByRole('link', { name: '2 waiting to send' })).toBeVisible();

  // --- the signal returns: both are sent, in order, once --------------------------------------------
  await context.setOffline(false);
  await expect(page.getByRole('link', { name: /waiting to send/ })).toHaveCount(0, { timeout: 20_000 });
  // Today's record is the server's now (this place is not the office: it waits for review).
  await expect(today).toContainText('Pending');
  await expect(today).not.toContainText('waiting to send');
  await expect(today.getByRole('button', { name: 'Check Out' })).toBeVisible();

  const visits = await visitsOf(request, token, student.id);
  expect(visits).toHaveLength(1);
  expect(visits[0].photos).toHaveLength(1);
  // Recorded about when it was tapped. That the tap's time is kept, not the arrival's, needs the two
  // minutes apart: offline-field.spec.ts moves the phone's clock for it.
  expect(Math.abs(Date.parse(visits[0].recordedAt) - tappedAt)).toBeLessThan(60_000);
  const attendance = await request.get('/api/attendance/today', auth(await tokenOf(request, teacher)));
  expect(((await attendance.json()) as { checkIn: string } | null)?.checkIn).toBeTruthy();

  // Sending again (the online event once more) writes nothing new.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(500);
  expect(await visitsOf(request, token, student.id)).toHaveLength(1);
});

test('a large photo recorded offline is shrunk on the phone before it is kept, and arrives as a 1600 px JPEG', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Kavitha', lastName: uniqueWord() });
  const student = await homeBaseStudent(request, token, teacher.id);
  const name = `${student.firstName} ${student.lastName}`;
  // A camera-sized photo: 3000×2000, over 2 MB as a PNG.
  const photo = photoLikePng(3000, 2000);

  await signIn(page, teacher);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Home Visits' }).click();
  await page.getByRole('link', { name: 'Record Home Visit' }).click();
  await pickVisitStudent(page, name);
  await page.getByLabel('Notes').fill('Photo of the new roof, taken on the teacher’s phone.');
  await page
    .getByLabel('Photos and documents', { exact: true })
    .setInputFiles([{ name: 'new-roof.png', mimeType: 'image/png', buffer: photo }]);

  await context.setOffline(true);
  await expect(topBarStatus(page)).toContainText('Offline');
  await page.getByRole('button', { name: 'Record Visit' }).click();
  await expect(toast(page, KEPT)).toBeVisible();
  await expect(page.getByRole('link', { name: '1 waiting to send' })).toBeVisible();

  // What the phone keeps is the shrunk JPEG, not the PNG.
  const [kept] = await keptFiles(page, teacher.id);
  expect(kept).toMatchObject({ name: 'new-roof.jpg', blob: { type: 'image/jpeg' } });
  expect(kept.blob!.size).toBeLessThan(photo.length / 4);

  await context.setOffline(false);
  await expect(page.getByRole('link', { name: /waiting to send/ })).toHaveCount(0, { timeout: 20_000 });
  const visits = await visitsOf(request, token, student.id);
  expect(visits).toHaveLength(1);
  expect(visits[0].files).toEqual([
    expect.objectContaining({ name: 'new-roof.jpg', mimeType: 'image/jpeg', sizeBytes: kept.blob!.size }),
  ]);
  // The stored photo itself: a JPEG of 1600 px on its long side, its shape kept.
  const stored = await request.get(visits[0].photos[0]);
  expect(stored.status()).toBe(200);
  expect(stored.headers()['content-type']).toContain('image/jpeg');
  expect(jpegSize(await stored.body())).toEqual({ width: 1600, height: 1067 });
});

test('a phone with no room left keeps the form as it was; one nearly out of space says so, and keeps the record', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Revathi', lastName: uniqueWord() });
  const student = await homeBaseStudent(request, token, teacher.id);
  const name = `${student.firstName} ${student.lastName}`;
  const notes = 'The family moved to the house by the well.';
  // A scanned letter of 2 MB: kept on the phone as it is (only photos are shrunk).
  const letter = {
    name: 'family-letter.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(2 * 1024 * 1024, ' '),
      Buffer.from('%%EOF\n'),
    ]),
  };

  // Chromium holds the site's storage to 1 MB: enough for the app's own stores, not for the letter. It
  // takes the limit only before the site first writes, and its estimate keeps telling the real room.
  const cdp = await context.newCDPSession(page);
  const origin = new URL(baseURL!).origin;
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1024 * 1024 });

  await signIn(page, teacher);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Home Visits' }).click();
  await page.getByRole('link', { name: 'Record Home Visit' }).click();
  await pickVisitStudent(page, name);
  await page.getByLabel('Notes').fill(notes);
  await page.getByLabel('Photos and documents', { exact: true }).setInputFiles([letter]);

  // --- no room: the phone refuses to keep the record, and the form stays as it was --------------------
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Record Visit' }).click();
  await expect(toast(page, NO_ROOM)).toBeVisible();
  await expect(page).toHaveURL(/\/home-visits\/create$/);
  await expect(page.getByLabel('Notes')).toHaveValue(notes);
  await expect(page.getByText('family-letter.pdf')).toBeVisible();
  await expect(page.getByRole('link', { name: /waiting to send/ })).toHaveCount(0);
  await snap(page, 'outbox-no-room');

  // --- room again, though the phone says it is nearly full: the person is told, and the record kept ----
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  await page.evaluate(() => {
    const MB = 1024 * 1024;
    navigator.storage.estimate = () => Promise.resolve({ usage: 950 * MB, quota: 1000 * MB });
  });
  await page.getByRole('button', { name: 'Record Visit' }).click();
  await expect(toast(page, LOW_SPACE)).toBeVisible();
  await expect(toast(page, KEPT)).toBeVisible();
  await expect(page).toHaveURL(/\/home-visits$/);
  await expect(page.getByRole('link', { name: '1 waiting to send' })).toBeVisible();
  await snap(page, 'outbox-low-space');

  await context.setOffline(false);
  await expect(page.getByRole('link', { name: /waiting to send/ })).toHaveCount(0, { timeout: 20_000 });
  const visits = await visitsOf(request, token, student.id);
  expect(visits).toHaveLength(1);
  expect(visits[0].files.map((f) => f.name)).toEqual(['family-letter.pdf']);
});

test('refused records wait for their teacher, who discards one; signing out warns and leaves nothing behind', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Nirmala', lastName: uniqueWord() });
  const other = await createTeacher(request, token, { firstName: 'Gowri', lastName: uniqueWord() });
  const student = await homeBaseStudent(request, token, teacher.id);
  const name = `${student.firstName} ${student.lastName}`;

  await signIn(page, teacher);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await page.goto('/outbox');
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible();
  await nav.getByRole('link', { name: 'Home Visits' }).click();
  await page.getByRole('link', { name: 'Record Home Visit' }).click();
  await page.getByRole('link', { name: 'Back to Home Visits' }).click();

  // Two visits kept offline.
  await context.setOffline(true);
  for (const notes of ['Morning visit', 'Afternoon visit']) {
    await page.getByRole('link', { name: 'Record Home Visit' }).click();
    await pickVisitStudent(page, name);
    await page.getByLabel('Notes').fill(notes);
    await page.getByRole('button', { name: 'Record Visit' }).click();
    await expect(page).toHaveURL(/\/home-visits$/);
  }
  await expect(page.getByRole('link', { name: '2 waiting to send' })).toBeVisible();

  // Meanwhile the student moves to another teacher: the server refuses both when they arrive.
  const moved = await request.patch(`/api/students/${student.id}`, {
    ...auth(token),
    data: { assignedTeacherId: other.id },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await context.setOffline(false);
  await expect(waitingSection(page).getByText('Needs attention')).toHaveCount(2, { timeout: 20_000 });
  expect(await visitsOf(request, token, student.id)).toEqual([]);

  await page.getByRole('link', { name: '2 waiting to send' }).click();
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items).toHaveCount(2);
  const refused = await request.post('/api/home-visits', {
    ...auth(await tokenOf(request, teacher)),
    data: { studentId: student.id, date: new Date().toISOString().slice(0, 10), duration: 60, photos: [] },
  });
  // Each item shows the reason the server gives such a visit.
  const reason = ((await refused.json()) as { message: string }).message;
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  await expect(items.first()).toContainText(reason);
  await expect(items.nth(1)).toContainText(reason);
  await snap(page, 'outbox-needs-attention');

  await items
    .first()
    .getByRole('button', { name: /^Discard / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Discard record' });
  await expect(dialog).toContainText('It has not been sent, and it will be lost.');
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(items).toHaveCount(1);
  await expect(page.getByRole('link', { name: '1 waiting to send' })).toBeVisible();

  // --- Sign out: the warning first; Cancel keeps the session, then "Sign out anyway" --------------------
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const warning = page.getByRole('dialog', { name: '1 record has not been sent yet' });
  await expect(warning).toContainText('Signing out deletes them from this phone.');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page).toHaveURL(/\/outbox$/);
  expect(await databases(page)).toContain(`csp-offline-${teacher.id}`);

  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await warning.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await databases(page)).filter((n) => n.startsWith('csp-'))).toEqual([]);
  const leftInStorage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(leftInStorage).not.toContain(student.lastName);
});

test('a teacher changes records kept on the phone, one waiting and one refused, and each is sent once as changed', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Vasuki', lastName: uniqueWord() });
  const student = await homeBaseStudent(request, token, teacher.id);
  const name = `${student.firstName} ${student.lastName}`;
  const teacherToken = await tokenOf(request, teacher);
  // A leave applied for already: a day inside it is refused when it arrives.
  const booked = { startDate: daysAgo(-20), endDate: daysAgo(-22), reason: 'School sports meet' };
  const applied = await request.post('/api/leaves/apply', { ...auth(teacherToken), data: booked });
  expect(applied.status(), await applied.text()).toBe(201);
  const overlapping = daysAgo(-21);
  const free = daysAgo(-25);
  const reason = 'Cousin’s wedding in Jaffna';

  await signIn(page, teacher);
  // Each form once while online, so its code is in this tab.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await page.goto('/outbox');
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible();
  await nav.getByRole('link', { name: 'Leaves' }).click();
  await page.getByRole('link', { name: 'Apply for Leave' }).click();
  await expect(page.getByLabel('Leave date')).toBeVisible();
  await nav.getByRole('link', { name: 'Home Visits' }).click();
  await page.getByRole('link', { name: 'Record Home Visit' }).click();
  await expect(page.getByLabel('Notes')).toBeVisible();

  // --- offline: a leave overlapping the one applied for, and a visit with a photo ---------------------
  await context.setOffline(true);
  await nav.getByRole('link', { name: 'Leaves' }).click();
  await page.getByRole('link', { name: 'Apply for Leave' }).click();
  await typeDate(page.getByLabel('Leave date'), overlapping);
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, KEPT)).toBeVisible();
  await expect(page).toHaveURL(/\/leaves$/);

  await nav.getByRole('link', { name: 'Home Visits' }).click();
  await page.getByRole('link', { name: 'Record Home Visit' }).click();
  await pickVisitStudent(page, name);
  await page.getByLabel('Notes').fill('Met the mother at the gate.');
  await page.getByLabel('Photos and documents', { exact: true }).setInputFiles([
    pngFile('garden.png', [
      [40, 120, 60],
      [200, 210, 160],
    ]),
  ]);
  await page.getByRole('button', { name: 'Record Visit' }).click();
  await expect(page).toHaveURL(/\/home-visits$/);

  // --- still offline, the visit is changed from "Waiting to send": its form, as typed, with its photo ---
  await page.getByRole('link', { name: '2 waiting to send' }).click();
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Leave application');
  await expect(items.nth(1)).toContainText('Home visit');
  await items
    .nth(1)
    .getByRole('link', { name: /^Edit / })
    .click();
  await expect(page).toHaveURL(/\/home-visits\/create\?outbox=\d+$/);
  await expect(page.getByText('Not sent yet')).toBeVisible();
  await expect(page.getByLabel('Notes')).toHaveValue('Met the mother at the gate.');
  await expect(page.getByRole('textbox', { name: 'Student', exact: true })).toHaveValue(/^Malar Outbox/);
  await expect(page.getByRole('list', { name: 'Photos and documents: 1 chosen' })).toContainText(
    'garden.png',
  );
  await page.getByLabel('Notes').fill('Met the mother at the gate; the school fees are paid.');
  await snap(page, 'outbox-edit-waiting');
  await page.getByRole('button', { name: 'Record Visit' }).click();
  await expect(toast(page, KEPT)).toBeVisible();
  // Back on "Waiting to send": the visit in its place, after the leave.
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText('Home visit');
  await expect(items.nth(1)).toContainText('1 file');

  // --- online: the leave is refused, the visit after it is sent, as changed ----------------------------
  await context.setOffline(false);
  await expect(items).toHaveCount(1, { timeout: 20_000 });
  const refused = items.first();
  await expect(refused).toContainText('Needs attention');
  await expect(refused).toContainText(
    'You already have a pending or approved leave application covering some of these dates',
  );
  await expect(refused.getByRole('link', { name: /^Edit / })).toBeVisible();
  await snap(page, 'outbox-edit-list');
  const visits = await visitsOf(request, token, student.id);
  expect(visits).toHaveLength(1);
  expect(visits[0].photos).toHaveLength(1);
  const visit = await request.get(`/api/home-visits/${visits[0].id}`, auth(token));
  expect(((await visit.json()) as { notes: string }).notes).toBe(
    'Met the mother at the gate; the school fees are paid.',
  );

  // --- the refused leave is changed: its form shows what was typed and why it was refused ---------------
  await refused.getByRole('link', { name: /^Edit / }).click();
  await expect(page).toHaveURL(/\/leaves\/apply\?outbox=\d+$/);
  await expect(page.getByText('Not accepted')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('covering some of these dates');
  await expect(page.getByLabel('Leave date')).toHaveValue(shownDate(overlapping));
  await expect(page.getByLabel('Reason')).toHaveValue(reason);
  await snap(page, 'outbox-edit-refused');
  await typeDate(page.getByLabel('Leave date'), free);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible({ timeout: 20_000 });

  // Exactly one new leave, on the day chosen in the edit; none on the refused day.
  const leaves = (await (
    await request.get(`/api/leaves/teacher/${teacher.id}`, auth(teacherToken))
  ).json()) as { startDate: string; endDate: string; reason: string }[];
  expect(leaves.map((l) => [l.startDate, l.endDate, l.reason]).sort()).toEqual(
    [
      [booked.startDate, booked.endDate, booked.reason],
      [free, free, reason],
    ].sort(),
  );
});
