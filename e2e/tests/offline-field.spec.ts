import { expect, test, type Page } from '@playwright/test';
import { shownDateTime } from '../support/dates.ts';
import { auth } from '../support/forms.ts';
import { signIn, snap } from '../support/helpers.ts';
import { pngFile } from '../support/images.ts';
import { storedRows } from '../support/indexeddb.ts';
import {
  databases,
  homeBaseStudent,
  keptQueries,
  keptText,
  KEPT,
  NEEDS_CONNECTION,
  pickVisitStudent,
  servedByWorker,
  toast,
  topBarStatus,
  visitsOf,
  waitingSection,
} from '../support/offline.ts';
import { adminToken, createTeacher, createUser, tokenOf, uniqueWord } from '../support/seed-people.ts';

/**
 * Field work without signal (issue 47, parts D and E), end to end: a teacher's visit and check-in made
 * offline survive a reload of the app from its service worker and arrive once, with the tap's time and
 * GPS fix; a session that ends while the phone is offline keeps the person's records for them alone; an
 * administrator's pages offline say they need a connection instead of spinning.
 *
 * A refused record ("Needs attention" with the server's own message, the records after it still sent)
 * is offline-outbox.spec.ts's: a visit for a student moved to another teacher meanwhile, and a leave
 * overlapping one applied for.
 */

/** The teacher at the family's door: the fix the phone gives, with its accuracy. */
const DOORSTEP = { latitude: 9.6652, longitude: 80.0093, accuracy: 7 };

/**
 * How long the phone is without signal between a tap and its record's arrival. A tap within five
 * minutes of its arrival takes the arrival's time (decision 0037: a phone's clock is rarely exact), so
 * a journey of seconds could not tell the tap from the arrival: the phone's clock is set this much back
 * for the tap, and forward to the server's again before the signal returns — as if this much time had
 * passed offline.
 */
const OFFLINE_FOR_MS = 10 * 60_000;
const tapEarlier = (page: Page) => page.clock.setSystemTime(Date.now() - OFFLINE_FOR_MS);
const timePasses = (page: Page) => page.clock.setSystemTime(Date.now());
/** The phone's clock now. */
const phoneNow = (page: Page) => page.evaluate(() => Date.now());

const waitingLink = (page: Page, count: number) =>
  page.getByRole('link', { name: `${count} waiting to send` });
const anyWaitingLink = (page: Page) => page.getByRole('link', { name: /waiting to send/ });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** A spinner of the app's (components/PageLoader.tsx and the pages' own). */
const spinners = (page: Page) => page.getByRole('status', { name: /^Loading/ });
/** Placeholders shown while figures load (Mantine's Skeleton: a grey bar that pulses). */
const placeholders = (page: Page) => page.locator('.mantine-Skeleton-root[data-visible="true"]');
const outboxItems = (page: Page) => page.getByRole('main').getByRole('listitem');

/** Opens the app with the connection off, from the worker, at `path`, and checks it says it is offline. */
async function openOffline(page: Page, path: string) {
  await page.goto(path);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(
    /\/sw\.js$/,
  );
  await expect(topBarStatus(page).filter({ hasText: 'Offline' })).toBeVisible();
}

test.describe('with the service worker', () => {
  test.use({
    serviceWorkers: 'allow',
    permissions: ['geolocation'],
    geolocation: DOORSTEP,
  });

  test('a home visit recorded offline with a photo, notes and a GPS fix waits through a reload, then arrives once with the tap’s time', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const token = await adminToken(request);
    const teacher = await createTeacher(request, token, { firstName: 'Ponni', lastName: uniqueWord() });
    // The family's home is where the teacher stands: the fix puts the visit in range.
    const student = await homeBaseStudent(request, token, teacher.id, {
      homeLatitude: DOORSTEP.latitude,
      homeLongitude: DOORSTEP.longitude,
    });
    const name = `${student.firstName} ${student.lastName}`;
    const notes = 'Mother and child at home; the well water is clean again.';
    const photo = pngFile('doorstep.png', [
      [30, 140, 90],
      [240, 230, 200],
    ]);

    // --- online once, in the morning: the worker installs, the caseload is kept on the phone ----------
    await signIn(page, teacher);
    await servedByWorker(page);
    // The caseload fetches the student's page after the list of all the teacher's students.
    await expect
      .poll(() => keptQueries(page, teacher.id))
      .toContain(JSON.stringify(['students', 'detail', student.id]));

    // --- at the door, no signal: the app opens from the worker and the visit is recorded -------------
    await context.setOffline(true);
    await openOffline(page, '/home-visits/create');
    await pickVisitStudent(page, name);
    await page.getByLabel('Notes').fill(notes);
    await page.getByLabel('Photos and documents', { exact: true }).setInputFiles([photo]);
    await page.getByRole('button', { name: 'Capture Current Location' }).click();
    await expect(toast(page, 'Location captured successfully!')).toBeVisible();
    const place = page.getByRole('region', { name: 'Visit location' });
    await expect(place).toContainText(`${DOORSTEP.latitude.toFixed(6)}, ${DOORSTEP.longitude.toFixed(6)}`);
    await expect(place).toContainText('Accuracy ±7 m');
    await tapEarlier(page);
    const before = await phoneNow(page);
    await page.getByRole('button', { name: 'Record Visit' }).click();
    await expect(toast(page, KEPT)).toBeVisible();
    const after = await phoneNow(page);
    await expect(page).toHaveURL(/\/home-visits$/);
    await expect(waitingLink(page, 1)).toBeVisible();

    // --- the app is reloaded, still offline: it opens from the worker, and the visit still waits ------
    await page.reload();
    await expect(heading(page, 'Home Visits')).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(
      /\/sw\.js$/,
    );
    await expect(topBarStatus(page).filter({ hasText: 'Offline' })).toBeVisible();
    await expect(waitingLink(page, 1)).toBeVisible();
    await expect(waitingSection(page)).toContainText(name);
    const [kept] = (await storedRows(page, `csp-offline-${teacher.id}`)).items as {
      madeAt: number;
      status: string;
    }[];
    expect(kept.status).toBe('waiting');
    expect(kept.madeAt).toBeGreaterThanOrEqual(before);
    expect(kept.madeAt).toBeLessThanOrEqual(after);
    await waitingLink(page, 1).click();
    await expect(heading(page, 'Waiting to send')).toBeVisible();
    const item = outboxItems(page).filter({ hasText: name });
    await expect(outboxItems(page)).toHaveCount(1);
    await expect(item).toContainText('Home visit');
    await expect(item).toContainText('Waiting to send');
    await expect(item).toContainText(`Recorded ${shownDateTime(kept.madeAt)} · 1 file`);
    await expect(page.getByRole('button', { name: 'Send now' })).toBeDisabled();
    await snap(page, 'offline-field-visit-reloaded');
    expect(await visitsOf(request, token, student.id)).toEqual([]);

    // --- ten minutes later the signal returns: the visit is sent, once --------------------------------
    await timePasses(page);
    await context.setOffline(false);
    await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible({ timeout: 30_000 });
    await expect(anyWaitingLink(page)).toHaveCount(0);
    const visits = await visitsOf(request, token, student.id);
    expect(visits).toHaveLength(1);
    const [visit] = visits;
    expect(visit).toMatchObject({
      notes,
      latitude: DOORSTEP.latitude,
      longitude: DOORSTEP.longitude,
      locationAccuracy: DOORSTEP.accuracy,
      isWithinRange: true,
    });
    expect(visit.files).toEqual([
      expect.objectContaining({
        name: 'doorstep.png',
        mimeType: 'image/png',
        sizeBytes: photo.buffer.length,
      }),
    ]);
    const stored = await request.get(visit.photos[0]);
    expect(stored.status()).toBe(200);
    expect(Buffer.compare(await stored.body(), photo.buffer)).toBe(0);
    // Recorded at the tap, on the phone; received when the signal returned.
    expect(Date.parse(visit.recordedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(visit.recordedAt)).toBeLessThanOrEqual(after);
    expect(Date.parse(visit.createdAt) - Date.parse(visit.recordedAt)).toBeGreaterThanOrEqual(
      OFFLINE_FOR_MS - 1_000,
    );

    // The app started again online sends nothing twice.
    await page.reload();
    await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible();
    expect(await visitsOf(request, token, student.id)).toHaveLength(1);
  });

  test('a check-in made offline waits through a reload, then arrives once with the tap’s time and place', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const token = await adminToken(request);
    const teacher = await createTeacher(request, token, { firstName: 'Kayal', lastName: uniqueWord() });
    const today = page.getByRole('region', { name: 'Today' });

    await signIn(page, teacher);
    await servedByWorker(page);
    // Today's attendance (none yet) is in the offline copy before the signal goes.
    await expect.poll(() => keptQueries(page, teacher.id)).toContain('["attendance","today"]');

    // --- no signal: My Attendance opens from the worker, and the check-in is kept ---------------------
    await context.setOffline(true);
    await openOffline(page, '/attendance');
    await expect(heading(page, 'My Attendance')).toBeVisible();
    // The month was never opened online: it says it needs the connection, and does not wait for it.
    await expect(page.getByText(NEEDS_CONNECTION)).toBeVisible();
    await expect(spinners(page)).toHaveCount(0);
    await expect(placeholders(page)).toHaveCount(0);
    await tapEarlier(page);
    const before = await phoneNow(page);
    await today.getByRole('button', { name: 'Check In' }).click();
    await expect(toast(page, KEPT)).toBeVisible();
    const after = await phoneNow(page);
    await expect(today).toContainText('saved on this phone, waiting to send');
    await expect(today.getByRole('button', { name: 'Check Out' })).toBeVisible();

    // --- reloaded offline: still kept, still shown as checked in ------------------------------------------
    await page.reload();
    await expect(heading(page, 'My Attendance')).toBeVisible();
    await expect(topBarStatus(page).filter({ hasText: 'Offline' })).toBeVisible();
    await expect(waitingLink(page, 1)).toBeVisible();
    await expect(today).toContainText('saved on this phone, waiting to send');
    await expect(today.getByRole('button', { name: 'Check Out' })).toBeVisible();
    await snap(page, 'offline-field-check-in-reloaded');
    await waitingLink(page, 1).click();
    await expect(outboxItems(page)).toHaveCount(1);
    await expect(outboxItems(page).first()).toContainText('Check-in');
    await expect(outboxItems(page).first()).toContainText('Waiting to send');

    // --- ten minutes later the signal returns: one attendance record, of the tap's time and place -----
    await timePasses(page);
    await context.setOffline(false);
    await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible({ timeout: 30_000 });
    const res = await request.get(`/api/attendance?teacherId=${teacher.id}`, auth(token));
    expect(res.status()).toBe(200);
    const records = (await res.json()) as {
      checkIn: string;
      checkInLocation: string | null;
      checkInReceivedAt: string | null;
    }[];
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(Date.parse(record.checkIn)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(record.checkIn)).toBeLessThanOrEqual(after);
    expect(Date.parse(record.checkInReceivedAt!) - Date.parse(record.checkIn)).toBeGreaterThanOrEqual(
      OFFLINE_FOR_MS - 1_000,
    );
    expect(record.checkInLocation).toBe(`${DOORSTEP.latitude.toFixed(6)},${DOORSTEP.longitude.toFixed(6)}`);
    // It is today's record for the teacher, as the app shows it.
    const mine = await request.get('/api/attendance/today', auth(await tokenOf(request, teacher)));
    expect(((await mine.json()) as { checkIn: string } | null)?.checkIn).toBe(record.checkIn);
  });

  test('a measurement recorded on a phone opened with no signal picks the student from those kept, and arrives once', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await adminToken(request);
    const teacher = await createTeacher(request, token, { firstName: 'Kala', lastName: uniqueWord() });
    const student = await homeBaseStudent(request, token, teacher.id);
    const name = `${student.firstName} ${student.lastName}`;

    // Online once: the worker installs and the teacher's students are kept; no form was opened.
    await signIn(page, teacher);
    await servedByWorker(page);
    await expect
      .poll(() => keptQueries(page, teacher.id))
      .toContain(JSON.stringify(['students', 'detail', student.id]));

    await context.setOffline(true);
    await openOffline(page, '/measurements/create');
    // The picker searches the students the phone keeps, by part of the name.
    const box = page.getByRole('textbox', { name: 'Student', exact: true });
    await box.click();
    await box.fill(student.lastName.slice(0, 9).toLowerCase());
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await expect(box).toHaveValue(name);
    await page.getByLabel('Height (cm)').fill('76.4');
    await page.getByLabel('Weight (kg)').fill('9.8');
    await page.getByRole('button', { name: 'Save Measurement' }).click();
    await expect(toast(page, KEPT)).toBeVisible();
    await expect(waitingSection(page)).toContainText(name);
    await snap(page, 'offline-measurement-kept');

    await context.setOffline(false);
    await expect(anyWaitingLink(page)).toHaveCount(0, { timeout: 20_000 });
    const res = await request.get(`/api/measurements?studentId=${student.id}`, auth(token));
    const stored = (await res.json()) as { height: number; weight: number }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ height: 76.4, weight: 9.8 });
  });

  test('an administrator offline: each page with nothing saved says it needs a connection, and none spins', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const token = await adminToken(request);
    const admin = await createUser(request, token, {
      firstName: 'Aravind',
      lastName: uniqueWord(),
      role: 'ADMIN',
    });
    const pages = [
      { path: '/users', title: 'Users' },
      { path: '/home-visits/review', title: 'Visit Reviews' },
      { path: '/leaves/dashboard', title: 'Leave Analytics' },
      { path: '/admin/deleted-records', title: 'Deleted Records' },
      { path: '/admin/teacher-attendance-report', title: 'Teacher Attendance Report' },
      { path: '/admin/attendance-review', title: 'Attendance Review' },
    ];

    // --- each page once online: it loads, and its code is in the worker's cache ------------------------
    await signIn(page, admin);
    await servedByWorker(page);
    for (const { path, title } of pages) {
      await page.goto(path);
      await expect(heading(page, title)).toBeVisible();
      await expect(spinners(page)).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByText(NEEDS_CONNECTION)).toHaveCount(0);
    }

    // --- no signal: each opens from the worker and says what it needs ------------------------------------
    await context.setOffline(true);
    for (const { path, title } of pages) {
      await openOffline(page, path);
      await expect(heading(page, title)).toBeVisible();
      await expect(page.getByText(NEEDS_CONNECTION).first()).toBeVisible();
      // A moment later still nothing spins or waits as a placeholder, and nothing failed.
      await page.waitForTimeout(1_000);
      expect(await spinners(page).count(), `${path} shows a spinner offline`).toBe(0);
      expect(await placeholders(page).count(), `${path} shows placeholders offline`).toBe(0);
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await snap(page, `offline-field-admin-${path.split('/').pop()}`);
    }
  });
});

test.describe('a session that ends while the phone is offline', () => {
  test('keeps the outbox for its person alone: another teacher on the phone sees none of it, and it is sent once its person signs in again', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const token = await adminToken(request);
    const first = await createTeacher(request, token, { firstName: 'Tharani', lastName: uniqueWord() });
    const second = await createTeacher(request, token, { firstName: 'Yalini', lastName: uniqueWord() });
    const student = await homeBaseStudent(request, token, first.id);
    const name = `${student.firstName} ${student.lastName}`;
    const notes = 'Visited before the rains; the family asks for school shoes.';
    const firstOutbox = `csp-offline-${first.id}`;
    // Not sent and not refused: waiting, or still marked as being sent when the sign-in page replaced the
    // app before the outbox wrote its answer down (the person's next start of the outbox takes it up).
    const unsent = expect.stringMatching(/^(waiting|sending)$/);
    const keptItems = async () =>
      ((await storedRows(page, firstOutbox)).items ?? []) as {
        status: string;
        body: { studentId: string; notes: string };
      }[];
    // The answers the outbox's sends of a visit get.
    const visitAnswers: number[] = [];
    let sendAnswered = () => {};
    const firstSendAnswered = new Promise<void>((resolve) => (sendAnswered = resolve));
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/home-visits') {
        visitAnswers.push(response.status());
        sendAnswered();
      }
    });

    // --- the first teacher records a visit offline -----------------------------------------------------
    await signIn(page, first);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Home Visits' }).click();
    await page.getByRole('link', { name: 'Record Home Visit' }).click();
    await pickVisitStudent(page, name);
    await page.getByLabel('Notes').fill(notes);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Record Visit' }).click();
    await expect(toast(page, KEPT)).toBeVisible();
    await expect(waitingLink(page, 1)).toBeVisible();

    // --- meanwhile the session ends on the server: the token the phone holds stops working -------------
    const phoneToken = await page.evaluate(() => localStorage.getItem('token'));
    expect(phoneToken).toBeTruthy();
    const ended = await request.post('/api/auth/logout', auth(phoneToken!));
    expect(ended.status(), await ended.text()).toBe(200);
    expect((await request.get('/api/auth/profile', auth(phoneToken!))).status()).toBe(401);

    // --- the signal returns: the send is refused as signed out, the app asks to sign in, the visit stays -
    // Which request meets the ended session first is a race (the page's lists are read again too, and a
    // 401 there opens the sign-in page at once): here the page's reads wait for the send's answer.
    await page.route('**/api/**', async (route) => {
      if (route.request().method() === 'GET') await firstSendAnswered;
      await route.fallback();
    });
    await context.setOffline(false);
    await expect.poll(() => visitAnswers, { message: 'the outbox sent the visit' }).toEqual([401]);
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await expect(
      page.getByText('Your session has ended. Sign in again to go on where you left off.'),
    ).toBeVisible();
    await expect
      .poll(keptItems)
      .toEqual([expect.objectContaining({ status: unsent, body: expect.objectContaining({ notes }) })]);
    expect(await visitsOf(request, token, student.id)).toEqual([]);
    await snap(page, 'offline-field-session-ended');

    // --- another teacher signs in on the same phone: nothing of the first one's ----------------------------
    await signIn(page, second);
    await expect(anyWaitingLink(page)).toHaveCount(0);
    await page.goto('/outbox');
    await expect(page.getByText('Nothing is waiting to be sent.')).toBeVisible();
    await snap(page, 'offline-field-other-teacher-outbox');
    await page.goto('/home-visits');
    await expect(page.getByText('No home visits recorded yet')).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(student.lastName);
    // Their own stores, apart: the second teacher's offline copy is theirs, the first one's outbox waits.
    await expect.poll(() => databases(page)).toContain(`csp-copy-${second.id}`);
    for (const store of (await databases(page)).filter((n) => n.endsWith(second.id))) {
      const text = await keptText(page, store);
      expect(text, store).not.toContain(student.lastName);
      expect(text, store).not.toContain(notes);
    }
    expect(await databases(page)).toContain(firstOutbox);
    // Not sent with the second teacher's session (the server would have refused it as not theirs).
    expect(await keptItems()).toEqual([expect.objectContaining({ status: unsent })]);
    expect(await visitsOf(request, token, student.id)).toEqual([]);

    // The second teacher signs out: their stores go, the first teacher's visit stays.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await databases(page)).filter((n) => n.endsWith(second.id))).toEqual([]);
    expect(await keptItems()).toEqual([expect.objectContaining({ status: unsent })]);

    // --- the first teacher signs in again: the visit is sent, once ------------------------------------------
    await signIn(page, first);
    await expect.poll(() => visitsOf(request, token, student.id), { timeout: 30_000 }).toHaveLength(1);
    const [visit] = await visitsOf(request, token, student.id);
    expect(visit.notes).toBe(notes);
    await expect(anyWaitingLink(page)).toHaveCount(0);
    await expect.poll(keptItems).toEqual([]);
    await page.reload();
    await expect(heading(page, `Welcome back, ${first.firstName}!`)).toBeVisible();
    expect(await visitsOf(request, token, student.id)).toHaveLength(1);
  });
});
