import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { shownDate } from '../support/dates.ts';
import { auth, snapTop } from '../support/forms.ts';
import { firstAdmin, signIn } from '../support/helpers.ts';
import { adminToken, createTeacher, tokenOf, uniqueWord } from '../support/seed-people.ts';

// The administrators' attendance pages (spec part 2 §2.9, §4, §8, §9): /admin/attendance-review with
// its tabs, search, date filter, counters, Quick Approve, Full Review (prefilled for a check-in far from
// the office) and View Map; /admin/teacher-attendance-report with its filters, tiles, teacher cards,
// daily records and the CSV export; both closed to teachers. Journeys run in parallel on one database:
// every teacher is new and shares a unique last name with the others of its test, which the pages are
// searched by. Each teacher checks in once (today), through the API with their own token.

interface OfficeLocation {
  latitude: number;
  longitude: number;
  radiusMeters: number;
}

interface AttendanceRecord {
  id: string;
  date: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  checkIn: string;
  checkOut: string | null;
  checkInLocation: string | null;
  checkInLocationName: string | null;
  isWithinOfficeRange: boolean | null;
  distanceFromOffice: number | null;
  adminNotes: string | null;
}

interface TeacherReport {
  teacher: { id: string; firstName: string; lastName: string; email: string };
  totalDays: number;
  presentDays: number;
  approvedDays: number;
  pendingDays: number;
  rejectedDays: number;
  absentDays: number;
  attendancePercentage: number;
  averageCheckInTime: string | null;
  averageCheckOutTime: string | null;
  approvedLeaveDays: number;
  totalHours: number;
}

/** Spec §9 (ATTENDANCE_CSV_COLUMNS): the CSV's header row. */
const CSV_COLUMNS = [
  'Teacher Name',
  'Email',
  'Total Days',
  'Present Days',
  'Approved Days',
  'Pending Days',
  'Rejected Days',
  'Absent Days',
  'Attendance %',
  'Avg Check-In',
  'Avg Check-Out',
  'Total Hours',
];

const REVIEW = '/admin/attendance-review';
const REPORT = '/admin/teacher-attendance-report';

/** The organisation's day and time zone (GET /api/organisation): what 'today' means to the app. */
async function organisation(request: APIRequestContext, token: string) {
  const res = await request.get('/api/organisation', auth(token));
  expect(res.status()).toBe(200);
  return (await res.json()) as { today: string; timezone: string };
}

/**
 * The active office location, read right before the check-ins (other journeys may change it); the
 * configured default is initialized when none is set (or another journey just did it).
 */
async function officeNow(request: APIRequestContext, token: string): Promise<OfficeLocation> {
  const read = async () => {
    const res = await request.get('/api/office-location/current', auth(token));
    expect(res.status(), await res.text()).toBe(200);
    const text = await res.text();
    return (text && text !== 'null' ? JSON.parse(text) : null) as OfficeLocation | null;
  };
  const current = await read();
  if (current) return current;
  const init = await request.post('/api/office-location/initialize-default', auth(token));
  expect([201, 409], await init.text()).toContain(init.status());
  const after = await read();
  expect(after).not.toBeNull();
  return after!;
}

async function checkIn(
  request: APIRequestContext,
  token: string,
  body: {
    checkInLocation: string | null;
    checkInLocationName: string | null;
    accuracy?: number;
    /** The tap's time, for a check-in made offline and sent later (else now). */
    checkIn?: string;
  },
): Promise<AttendanceRecord> {
  const res = await request.post('/api/attendance/check-in', {
    ...auth(token),
    data: { checkIn: new Date().toISOString(), ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as AttendanceRecord;
}

const point = (latitude: number, longitude: number) => `${latitude.toFixed(6)},${longitude.toFixed(6)}`;

/** How the cards show a distance from the office (attendance-display.ts distanceLabel). */
const distanceShown = (metres: number) =>
  Math.round(metres) < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(1)} km`;

/** Spec §4 (outOfRangeNote): the Full Review's note for a check-in outside the office range. */
const outOfRangeNote = (metres: number) =>
  `Checked in ${Math.round(metres)} m from the office, outside the allowed range`;

/** '08:05' in the organisation's time zone, as the cards and tables show a clock time. */
const clock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(iso),
  );

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const tile = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const reviewCards = (page: Page) =>
  page.getByRole('list', { name: 'Attendance records' }).getByRole('listitem');
/** The teacher cards (each holds its legend, a list of its own). */
const reportCards = (page: Page) =>
  page
    .getByRole('list', { name: 'Teachers' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
/** The value of a detail of a card ('Date', 'Check-in' …): the element after its label. */
const detail = (card: Locator, label: string) =>
  card.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');

async function expectTiles(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await expect(tile(page, label)).toContainText(value);
  }
}

/** Types into a search box and waits for the settled search in the address. */
async function searchFor(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
}

async function openTab(page: Page, name: string, status: string | null) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe(status);
}

/** Screenshots (support/forms.ts snapTop) without the toasts over the page's top, once lists have loaded. */
async function shot(page: Page, name: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(close).toHaveCount(0);
  await snapTop(page, name);
}

test('attendance review: pending check-ins with their range, search, quick approve, full review prefilled for a far check-in, the tabs and counters; closed to teachers', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const admin = firstAdmin();
  const { today, timezone } = await organisation(request, token);
  const family = uniqueWord();
  const far = await createTeacher(request, token, { firstName: 'Farah', lastName: family });
  const nowhere = await createTeacher(request, token, { firstName: 'Nilam', lastName: family });
  const office = await createTeacher(request, token, { firstName: 'Osman', lastName: family });
  const name = (t: { firstName: string; lastName: string }) => `${t.firstName} ${t.lastName}`;

  // Far from the office (about 11 km north) → pending; without a location → pending, not validated;
  // at the office → approved at once.
  const place = await officeNow(request, token);
  const farPoint = point(place.latitude + 0.1, place.longitude);
  const farRecord = await checkIn(request, await tokenOf(request, far), {
    checkInLocation: farPoint,
    checkInLocationName: `North field ${family}`,
    accuracy: 8,
  });
  expect(farRecord).toMatchObject({ status: 'PENDING', isWithinOfficeRange: false });
  const farDistance = farRecord.distanceFromOffice!;
  expect(farDistance).toBeGreaterThan(10_000);
  const nowhereRecord = await checkIn(request, await tokenOf(request, nowhere), {
    checkInLocation: null,
    checkInLocationName: null,
  });
  expect(nowhereRecord).toMatchObject({
    status: 'PENDING',
    isWithinOfficeRange: null,
    checkInLocationName: 'Location not available',
  });
  const officeRecord = await checkIn(request, await tokenOf(request, office), {
    checkInLocation: point(place.latitude, place.longitude),
    checkInLocationName: `Programme office ${family}`,
    accuracy: 5,
  });
  expect(officeRecord).toMatchObject({ status: 'APPROVED', isWithinOfficeRange: true });

  // --- the page from the sidebar; Pending first ---------------------------------------------------------
  await signIn(page, admin);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Attendance' }).click();
  await nav.getByRole('link', { name: 'Review', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/attendance-review$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance Review' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Pending', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  for (const t of ['Approved', 'Rejected', 'All']) {
    await expect(page.getByRole('tab', { name: t, exact: true })).toBeVisible();
  }
  const period = page.getByLabel('Date', { exact: true });
  await expect(period.locator('option')).toHaveText(['All Time', 'Today', 'This Week', 'This Month']);
  await expect(page.getByRole('link', { name: 'Attendance Records' })).toHaveAttribute('href', '/attendance');

  await searchFor(page, 'Search teachers', family);
  await expect(reviewCards(page)).toHaveCount(2);
  await expectTiles(page, { Total: '3', Pending: '2', Approved: '1', Rejected: '0' });
  await expect(page.getByText('Showing 1-2 of 2')).toBeVisible();

  const date = shownDate(today);
  const farCard = reviewCards(page).filter({ has: page.getByRole('heading', { name: name(far) }) });
  await expect(farCard).toHaveAccessibleName(`${name(far)}, ${date}`);
  await expect(farCard).toContainText(far.email);
  await expect(farCard).toContainText('Pending');
  await expect(detail(farCard, 'Date')).toContainText(date);
  await expect(detail(farCard, 'Check-in')).toContainText(clock(farRecord.checkIn, timezone));
  await expect(detail(farCard, 'Location')).toContainText(`North field ${family}`);
  await expect(detail(farCard, 'Office range')).toContainText(`${distanceShown(farDistance)} from office`);
  const map = farCard.getByRole('link', { name: 'View Map' });
  await expect(map).toHaveAttribute('target', '_blank');
  const [lat, long] = farRecord.checkInLocation!.split(',').map(Number);
  await expect(map).toHaveAttribute(
    'href',
    `https://www.google.com/maps?${new URLSearchParams({ q: `${lat},${long}` }).toString()}`,
  );
  for (const action of ['Quick Approve', 'Full Review']) {
    await expect(farCard.getByRole('button', { name: action })).toBeVisible();
  }

  const nowhereCard = reviewCards(page).filter({ has: page.getByRole('heading', { name: name(nowhere) }) });
  await expect(detail(nowhereCard, 'Office range')).toContainText('Not validated');
  await expect(detail(nowhereCard, 'Location')).toContainText('Location not available');
  await expect(nowhereCard.getByRole('link', { name: 'View Map' })).toHaveCount(0);
  await shot(page, 'attendance-review-pending');

  // The approved (within range) one is under Approved, without review actions.
  await openTab(page, 'Approved', 'APPROVED');
  await expect(reviewCards(page)).toHaveCount(1);
  const officeCard = reviewCards(page).first();
  await expect(officeCard).toHaveAccessibleName(`${name(office)}, ${date}`);
  await expect(detail(officeCard, 'Office range')).toContainText('Within range');
  await expect(officeCard).toContainText('Approved automatically at check-in');
  await expect(officeCard.getByRole('button')).toHaveCount(0);
  await expect(officeCard.getByRole('link', { name: 'View Map' })).toBeVisible();
  await openTab(page, 'All', 'ALL');
  await expect(reviewCards(page)).toHaveCount(3);

  // --- a teacher's unique name narrows the list; Quick Approve moves it to Approved ----------------------
  await openTab(page, 'Pending', null);
  await searchFor(page, 'Search teachers', name(nowhere));
  await expect(reviewCards(page)).toHaveCount(1);
  await expectTiles(page, { Total: '1', Pending: '1', Approved: '0', Rejected: '0' });
  await reviewCards(page).first().getByRole('button', { name: 'Quick Approve' }).click();
  await expect(toast(page, 'Attendance approved!')).toBeVisible();
  await expect(reviewCards(page)).toHaveCount(0);
  await expect(page.getByText('No attendance records match these filters')).toBeVisible();
  await expectTiles(page, { Total: '1', Pending: '0', Approved: '1' });
  await openTab(page, 'Approved', 'APPROVED');
  const approved = reviewCards(page).first();
  await expect(approved).toHaveAccessibleName(`${name(nowhere)}, ${date}`);
  await expect(approved).toContainText('Approved');
  await expect(detail(approved, 'Admin notes')).toContainText('Quick approved');
  await expect(detail(approved, 'Reviewed by')).toContainText(name(admin));

  // --- Full Review of the far one: REJECTED with the distance note, as the spec's default ------------------
  await openTab(page, 'Pending', null);
  await searchFor(page, 'Search teachers', family);
  await expect(reviewCards(page)).toHaveCount(1);
  await farCard.getByRole('button', { name: 'Full Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Full Review' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name(far));
  await expect(dialog).toContainText(`${distanceShown(farDistance)} from office`);
  await expect(dialog.getByLabel('Decision')).toHaveValue('REJECTED');
  await expect(dialog.getByLabel('Admin notes')).toHaveValue(outOfRangeNote(farDistance));
  await shot(page, 'attendance-review-full-review');
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Attendance reviewed successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(reviewCards(page)).toHaveCount(0);
  await expectTiles(page, { Total: '3', Pending: '0', Approved: '2', Rejected: '1' });

  await openTab(page, 'Rejected', 'REJECTED');
  await expect(reviewCards(page)).toHaveCount(1);
  const rejected = reviewCards(page).first();
  await expect(rejected).toHaveAccessibleName(`${name(far)}, ${date}`);
  await expect(rejected).toContainText('Rejected');
  await expect(detail(rejected, 'Admin notes')).toContainText(outOfRangeNote(farDistance));
  await expect(detail(rejected, 'Reviewed by')).toContainText(name(admin));
  await expect(rejected.getByRole('button')).toHaveCount(0);

  // A review already made cannot be made again (the server's message).
  const again = await request.post(`/api/attendance/admin/review/${farRecord.id}`, {
    ...auth(token),
    data: { status: 'APPROVED' },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe(
    'This attendance record has already been reviewed',
  );

  // --- a page past the end goes back to the last one; the date filter goes into the address ------------------
  await openTab(page, 'All', 'ALL');
  await page.goto(`${REVIEW}?status=ALL&search=${family}&page=2`);
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBeNull();
  await period.selectOption('today');
  await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('today');
  await expect(reviewCards(page)).toHaveCount(3);
  await expectTiles(page, { Total: '3', Pending: '0', Approved: '2', Rejected: '1' });
  await shot(page, 'attendance-review-all');

  // --- a teacher is refused ---------------------------------------------------------------------------------
  const teacherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const theirs = await teacherContext.newPage();
  await signIn(theirs, far);
  for (const [path, title] of [
    [REVIEW, 'Attendance Review'],
    [REPORT, 'Teacher Attendance Report'],
  ]) {
    await theirs.goto(path);
    await expect(theirs.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(theirs.getByText('You do not have access to this page.')).toBeVisible();
    await expect(theirs.getByRole('tab')).toHaveCount(0);
    await expect(theirs.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  }
  const refused = await request.get('/api/attendance/admin/all', auth(await tokenOf(request, far)));
  expect(refused.status()).toBe(403);
  await teacherContext.close();
});

test('teacher attendance report: filters, tiles, teacher cards with the breakdown and daily records, the CSV export', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const { today, timezone } = await organisation(request, token);
  const [year, month] = today.split('-').map(Number);
  const family = uniqueWord();
  const present = await createTeacher(request, token, { firstName: 'Priya', lastName: family });
  const waiting = await createTeacher(request, token, { firstName: 'Wasantha', lastName: family });
  const name = (t: { firstName: string; lastName: string }) => `${t.firstName} ${t.lastName}`;

  const place = await officeNow(request, token);
  const presentToken = await tokenOf(request, present);
  const presentRecord = await checkIn(request, presentToken, {
    checkInLocation: point(place.latitude, place.longitude),
    checkInLocationName: `Programme office ${family}`,
    accuracy: 5,
  });
  expect(presentRecord.status).toBe('APPROVED');
  const out = await request.post('/api/attendance/check-out', {
    ...auth(presentToken),
    data: { checkOut: new Date().toISOString(), checkOutLocation: point(place.latitude, place.longitude) },
  });
  expect(out.status(), await out.text()).toBe(200);
  const presentOut = (await out.json()) as AttendanceRecord;
  const waitingRecord = await checkIn(request, await tokenOf(request, waiting), {
    checkInLocation: point(place.latitude - 0.05, place.longitude),
    checkInLocationName: `South road ${family}`,
  });
  expect(waitingRecord.status).toBe('PENDING');

  // The server's figures, to compare the cards and the file with.
  const res = await request.get(
    `/api/attendance/admin/teacher-reports?year=${year}&month=${month}&search=${family}`,
    auth(token),
  );
  expect(res.status()).toBe(200);
  const figures = (await res.json()) as TeacherReport[];
  expect(figures.map((r) => r.teacher.id)).toEqual([present.id, waiting.id]);
  const [mine, theirs] = figures;
  expect(mine).toMatchObject({ totalDays: 1, approvedDays: 1, pendingDays: 0, attendancePercentage: 100 });
  expect(theirs).toMatchObject({ totalDays: 1, approvedDays: 0, pendingDays: 1, attendancePercentage: 0 });

  // --- the page from the sidebar --------------------------------------------------------------------------
  await signIn(page, firstAdmin());
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Attendance' }).click();
  await nav.getByRole('link', { name: 'Teacher Reports', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/teacher-attendance-report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Teacher Attendance Report' })).toBeVisible();
  const years = page.getByLabel('Year', { exact: true });
  await expect(years.locator('option')).toHaveText([year, year - 1, year - 2].map(String));
  await expect(years).toHaveValue(String(year));
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue(String(month));

  await searchFor(page, 'Search teachers', family);
  await expect(reportCards(page)).toHaveCount(2);
  await expectTiles(page, {
    'Total Teachers': '2',
    'Avg Attendance': '50%',
    'Pending Reviews': '1',
    'Total Absents': '0',
  });
  await expect(page.getByText('Showing 1-2 of 2')).toBeVisible();

  const card = reportCards(page).filter({ has: page.getByRole('heading', { name: name(present) }) });
  await expect(card).toHaveAccessibleName(name(present));
  const percent = card.getByRole('group', { name: 'Attendance' });
  await expect(percent).toContainText('100%');
  await expect(percent).toHaveAttribute('data-color', 'green');
  await expect(detail(card, 'Total days')).toContainText('1');
  await expect(detail(card, 'Approved')).toContainText('1');
  await expect(detail(card, 'Pending')).toContainText('0');
  await expect(detail(card, 'Rejected')).toContainText('0');
  await expect(detail(card, 'Absent')).toContainText('0');
  await expect(detail(card, 'Avg check-in')).toContainText(mine.averageCheckInTime!);
  await expect(detail(card, 'Avg check-out')).toContainText(mine.averageCheckOutTime!);
  await expect(detail(card, 'Total hours')).toContainText(`${mine.totalHours} h`);
  await expect(detail(card, 'Leave days')).toHaveText(String(mine.approvedLeaveDays));
  await expect(card.getByRole('progressbar', { name: `${name(present)}, Approved` })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  const waitingCard = reportCards(page).filter({ has: page.getByRole('heading', { name: name(waiting) }) });
  await expect(waitingCard.getByRole('group', { name: 'Attendance' })).toContainText('0%');
  await expect(waitingCard.getByRole('group', { name: 'Attendance' })).toHaveAttribute('data-color', 'red');
  await expect(waitingCard.getByRole('progressbar', { name: `${name(waiting)}, Pending` })).toBeVisible();

  // --- View Daily Records ---------------------------------------------------------------------------------
  const toggle = card.getByRole('button', { name: 'View Daily Records' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(card.getByRole('button', { name: 'Hide Daily Records' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const table = card.getByRole('table', { name: `Daily records of ${name(present)}` });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Date',
    'Check-in',
    'Check-out',
    'Duration',
    'Location',
    'Status',
  ]);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText(shownDate(today));
  await expect(rows.nth(1).getByRole('cell')).toHaveText([
    clock(presentRecord.checkIn, timezone),
    clock(presentOut.checkOut!, timezone),
    /^0h 0\dm$/,
    `Programme office ${family}`,
    'Approved',
  ]);
  await shot(page, 'attendance-report');

  // --- the teacher filter ---------------------------------------------------------------------------------
  await page.getByLabel('Teacher', { exact: true }).selectOption(waiting.id);
  await expect.poll(() => new URL(page.url()).searchParams.get('teacherId')).toBe(waiting.id);
  await expect(reportCards(page)).toHaveCount(1);
  await expect(reportCards(page).first()).toHaveAccessibleName(name(waiting));
  await expectTiles(page, { 'Total Teachers': '1', 'Avg Attendance': '0%', 'Pending Reviews': '1' });
  await page.getByLabel('Teacher', { exact: true }).selectOption('');
  await expect(reportCards(page)).toHaveCount(2);

  // --- Export CSV: the spec's 12 columns and the cards' figures ----------------------------------------------
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const fileName = `attendance-report-${year}-${String(month).padStart(2, '0')}.csv`;
  expect(file.suggestedFilename()).toBe(fileName);
  await expect(toast(page, `Report exported: ${fileName}`)).toBeVisible();
  const lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0].split(',')).toEqual(CSV_COLUMNS);
  const row = (r: TeacherReport) =>
    [
      `${r.teacher.firstName} ${r.teacher.lastName}`,
      r.teacher.email,
      r.totalDays,
      r.presentDays,
      r.approvedDays,
      r.pendingDays,
      r.rejectedDays,
      r.absentDays,
      r.attendancePercentage,
      r.averageCheckInTime ?? '',
      r.averageCheckOutTime ?? '',
      r.totalHours,
    ].join(',');
  expect(lines.slice(1)).toEqual([row(mine), row(theirs)]);
  expect(lines[1]).toBe(
    `${name(present)},${present.email},1,1,1,0,0,0,100,${mine.averageCheckInTime},${mine.averageCheckOutTime},${mine.totalHours}`,
  );

  // --- another month: no records, no counted days -------------------------------------------------------------
  const otherMonth = month === 1 ? 2 : month - 1;
  await page.getByLabel('Month', { exact: true }).selectOption(String(otherMonth));
  await expect.poll(() => new URL(page.url()).searchParams.get('month')).toBe(String(otherMonth));
  await expect(card.getByRole('group', { name: 'Attendance' })).toContainText('0%');
  await expect(detail(card, 'Total days')).toContainText('0');
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('');
});

test('a check-in made offline and sent hours later tells the reviewer so', async ({ page, request }) => {
  const token = await adminToken(request);
  const family = uniqueWord();
  const late = await createTeacher(request, token, { firstName: 'Late', lastName: family });
  const record = await checkIn(request, await tokenOf(request, late), {
    checkIn: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    checkInLocation: null,
    checkInLocationName: null,
  });
  expect(record.status).toBe('PENDING');

  await signIn(page, firstAdmin());
  await page.goto(REVIEW);
  await searchFor(page, 'Search teachers', family);
  await expect(reviewCards(page)).toHaveCount(1);
  await expect(reviewCards(page).first()).toContainText('Recorded offline, sent 3 h later');
});
