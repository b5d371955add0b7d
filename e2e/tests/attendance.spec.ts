import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { shownDate } from '../support/dates.ts';
import { auth, snapTop } from '../support/forms.ts';
import { firstAdmin, signIn } from '../support/helpers.ts';
import { adminToken, createTeacher, tokenOf, uniqueWord } from '../support/seed-people.ts';

// Attendance (spec part 2 §2.9, §4, §5, §8, §9) on /attendance. Teachers: the today card (check in at
// the office → approved at once; far away → pending; without the position → 'Location not available'),
// check out → 'Day Complete', the calendar (each day's colour is the API's classification, the
// summary, the day panel, previous/next/Today) and the list. Administrators: the tabs All Attendance
// (a teacher's calendar, everyone's list), Admin Dashboard (counters, a review from the first five
// pending), Teacher Management and Bulk Review. Journeys share one database and run in parallel: every
// check-in is a new teacher's (one a day) with a unique name, and the office location (which another
// journey may change) is read right before each check-in.

interface Office {
  latitude: number;
  longitude: number;
  radiusMeters: number;
}

interface AttendanceRecord {
  id: string;
  date: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  checkInLocation: string | null;
  checkInLocationName: string | null;
  isWithinOfficeRange: boolean | null;
  adminNotes: string | null;
}

type DayKind =
  'LEAVE' | 'FUTURE' | 'PRESENT' | 'PENDING' | 'REJECTED' | 'BEFORE_START' | 'OFF_DAY' | 'ABSENT';

interface MonthlyStats {
  attendancePercentage: number;
  daysPresent: number;
  daysAbsent: number;
  approvedLeaveDays: number;
  pendingApprovals: number;
  rejectedDays: number;
  totalHours: number;
  days: { date: string; kind: DayKind }[];
}

const KIND_LABELS: Record<DayKind, string> = {
  LEAVE: 'On Leave',
  FUTURE: 'Future',
  PRESENT: 'Present',
  PENDING: 'Pending',
  REJECTED: 'Rejected',
  BEFORE_START: 'Before joining',
  OFF_DAY: 'Day off',
  ABSENT: 'Absent',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const PAGE = '/attendance';
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const monthTitle = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const tile = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const dayCell = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);
/** The day-detail panel of a day ('Tuesday, 19 May 2026'). */
const dayPanel = (page: Page, date: string) =>
  page.getByRole('region', { name: new RegExp(`^[A-Za-z]+day, ${shownDate(date)}$`) });
const recordRows = (page: Page, table: string) =>
  page.getByRole('table', { name: table, exact: true }).locator('tbody tr');

async function orgToday(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/organisation', auth(token));
  expect(res.status()).toBe(200);
  return ((await res.json()) as { today: string }).today;
}

/** The active office location, initializing the default when none is set (another journey may have). */
async function activeOffice(request: APIRequestContext, token: string): Promise<Office> {
  const read = async () => {
    const res = await request.get('/api/office-location/current', auth(token));
    expect(res.status(), await res.text()).toBe(200);
    const text = await res.text();
    return (text && text !== 'null' ? JSON.parse(text) : null) as Office | null;
  };
  const current = await read();
  if (current) return current;
  const init = await request.post('/api/office-location/initialize-default', auth(token));
  expect([201, 200, 409], await init.text()).toContain(init.status());
  const after = await read();
  expect(after).not.toBeNull();
  return after!;
}

async function monthlyStats(request: APIRequestContext, token: string, date: string) {
  const res = await request.get(
    `/api/attendance/monthly-stats?year=${Number(date.slice(0, 4))}&month=${Number(date.slice(5, 7))}`,
    auth(token),
  );
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as MonthlyStats;
}

/** Checks in through the API as the teacher, at a point (a pending record when far from the office). */
async function checkInViaApi(
  request: APIRequestContext,
  token: string,
  point: { latitude: number; longitude: number } | null,
): Promise<AttendanceRecord> {
  const res = await request.post('/api/attendance/check-in', {
    ...auth(token),
    data: {
      checkInLocation: point ? `${point.latitude},${point.longitude}` : null,
      checkInLocationName: point ? 'Field visit, far from the office' : null,
      accuracy: 5,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as AttendanceRecord;
}

/** About 5.6 km north of the office: far outside any radius the office may have (at most 500 m). */
const farFrom = (office: Office) => ({
  latitude: Number((office.latitude + 0.05).toFixed(6)),
  longitude: Number(office.longitude.toFixed(6)),
});

const backgroundOf = (el: Element) => getComputedStyle(el).backgroundColor;

/** Screenshots at 1280 and 360 px (support/forms.ts snapTop) without toasts, once lists have loaded. */
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

async function openAsTeacher(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Attendance' }).click();
  await nav.getByRole('link', { name: 'My Attendance', exact: true }).click();
  await expect(page).toHaveURL(/\/attendance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Attendance' })).toBeVisible();
}

async function chooseView(page: Page, view: 'Calendar' | 'List') {
  await page.getByRole('radiogroup', { name: 'View' }).getByText(view, { exact: true }).click();
}

/** The grid shows the month's every day with the kind the API gives it, and the colour of that kind. */
async function expectGridMatches(page: Page, stats: MonthlyStats) {
  for (const { date, kind } of stats.days) {
    await expect(dayCell(page, date), date).toHaveAttribute('data-kind', kind);
  }
  const legend = page.getByRole('region', { name: 'Legend' });
  for (const label of Object.values(KIND_LABELS)) {
    await expect(legend.getByText(label, { exact: true })).toBeVisible();
  }
  // Each kind shown in the month has the legend's colour.
  for (const kind of new Set(stats.days.map((d) => d.kind))) {
    const date = stats.days.find((d) => d.kind === kind)!.date;
    const cellColour = await dayCell(page, date).evaluate(backgroundOf);
    const legendColour = await page.locator(`[data-legend-kind="${kind}"]`).evaluate(backgroundOf);
    expect(cellColour, `${kind} colour`).toBe(legendColour);
  }
}

async function expectSummary(page: Page, stats: MonthlyStats) {
  await expect(tile(page, 'Attendance')).toContainText(`${stats.attendancePercentage}%`);
  await expect(tile(page, 'Present')).toContainText(String(stats.daysPresent));
  await expect(tile(page, 'Absent')).toContainText(String(stats.daysAbsent));
  await expect(tile(page, 'On Leave')).toContainText(String(stats.approvedLeaveDays));
  await expect(tile(page, 'Pending')).toContainText(String(stats.pendingApprovals));
  await expect(tile(page, 'Rejected')).toContainText(String(stats.rejectedDays));
  await expect(tile(page, 'Total Hours')).toContainText(`${stats.totalHours}h`);
}

async function grantPosition(context: BrowserContext, point: { latitude: number; longitude: number }) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ ...point, accuracy: 5 });
}

test('a teacher at the office checks in (approved at once), checks out, and sees the day in the calendar and the list', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Kavitha', lastName: uniqueWord() });
  const today = await orgToday(request, token);

  await signIn(page, teacher);
  await openAsTeacher(page);
  const card = region(page, 'Today');
  await expect(card.getByRole('button', { name: 'Check In' })).toBeVisible();
  await expect(card).toContainText('You have not checked in today');
  await shot(page, 'attendance-teacher-before');

  // Right before the check-in: where the office is now.
  const office = await activeOffice(request, token);
  await grantPosition(context, office);
  await card.getByRole('button', { name: 'Check In' }).click();
  await expect(toast(page, 'Checked in successfully!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Check Out' })).toBeVisible();
  await expect(card).toContainText('Approved');
  await expect(card).toContainText('Within range');

  await card.getByRole('button', { name: 'Check Out' }).click();
  await expect(toast(page, 'Checked out successfully!')).toBeVisible();
  await expect(card.getByText('Day Complete', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /Check (In|Out)/ })).toHaveCount(0);
  await expect(card).toContainText(/0h 0\dm/);

  // The calendar: today is Present, the summary is the API's.
  const teacherToken = await tokenOf(request, teacher);
  const stats = await monthlyStats(request, teacherToken, today);
  expect(stats.days.find((d) => d.date === today)?.kind).toBe('PRESENT');
  await expect(page.getByRole('heading', { name: monthTitle(today), exact: true })).toBeVisible();
  await expect(dayCell(page, today)).toHaveAttribute('data-kind', 'PRESENT');
  await expect(dayCell(page, today)).toHaveAttribute('aria-current', 'date');
  await expectGridMatches(page, stats);
  await expectSummary(page, stats);
  expect(stats.daysPresent).toBe(1);
  const panel = dayPanel(page, today);
  await expect(panel.getByText('Present', { exact: true })).toBeVisible();
  await expect(panel).toContainText('Within range');
  await expect(panel).toContainText('Approved');
  await shot(page, 'attendance-teacher-calendar');

  // The list: today's row, complete and approved.
  await chooseView(page, 'List');
  await expect(page).toHaveURL(/view=list/);
  const rows = recordRows(page, 'Attendance Records');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(shownDate(today));
  await expect(rows.first()).toContainText('Approved');
  await expect(rows.first()).toContainText(/0h 0\dm/);
  await expect(rows.first()).not.toContainText('In Progress');
  await shot(page, 'attendance-teacher-list');
});

test('a teacher far from the office checks in and waits for review', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const today = await orgToday(request, token);

  // --- far away: pending, with the distance --------------------------------------------------------
  const far = await createTeacher(request, token, { firstName: 'Mathi', lastName: uniqueWord() });
  await signIn(page, far);
  await openAsTeacher(page);
  const card = region(page, 'Today');
  const office = await activeOffice(request, token);
  await grantPosition(context, farFrom(office));
  await card.getByRole('button', { name: 'Check In' }).click();
  await expect(toast(page, 'Checked in successfully!')).toBeVisible();
  await expect(card).toContainText('Pending');
  await expect(card).toContainText(/\d+(\.\d)? km from office/);
  await expect(card.getByRole('button', { name: 'Check Out' })).toBeVisible();
  await expect(dayCell(page, today)).toHaveAttribute('data-kind', 'PENDING');
  await chooseView(page, 'List');
  await expect(recordRows(page, 'Attendance Records').first()).toContainText('In Progress');
  await expect(recordRows(page, 'Attendance Records').first()).toContainText('Pending');
  await shot(page, 'attendance-teacher-pending');
});

test('without permission to the position the check-in still goes ahead, as "Location not available"', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  // No geolocation permission is granted in this context: the position cannot be read.
  const blind = await createTeacher(request, token, { firstName: 'Nirmala', lastName: uniqueWord() });
  await signIn(page, blind);
  await openAsTeacher(page);
  await region(page, 'Today').getByRole('button', { name: 'Check In' }).click();
  await expect(toast(page, 'Could not get your location')).toBeVisible();
  await expect(toast(page, 'Checked in successfully!')).toBeVisible();
  await expect(region(page, 'Today')).toContainText('Location not available');
  await expect(region(page, 'Today')).toContainText('Not validated');
  const res = await request.get('/api/attendance/today', auth(await tokenOf(request, blind)));
  const record = (await res.json()) as AttendanceRecord;
  expect(record).toMatchObject({
    checkInLocation: null,
    checkInLocationName: 'Location not available',
    isWithinOfficeRange: null,
    status: 'PENDING',
  });
});

test('the calendar colours each day as the API classifies it: approved leave, future, today, before joining', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Priya', lastName: uniqueWord() });
  const teacherToken = await tokenOf(request, teacher);
  const today = await orgToday(request, token);

  // An approved leave two days ahead.
  const leaveDay = plusDays(today, 2);
  const reason = `Family function ${uniqueWord()}`;
  const applied = await request.post('/api/leaves/apply', {
    ...auth(teacherToken),
    data: { startDate: leaveDay, endDate: leaveDay, reason },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const leave = (await applied.json()) as { id: string };
  const reviewed = await request.patch(`/api/leaves/${leave.id}/review`, {
    ...auth(token),
    data: { status: 'APPROVED' },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(200);

  await signIn(page, teacher);
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: monthTitle(today), exact: true })).toBeVisible();

  // This month, as the API classifies it: today (absent on a working day, a day off otherwise), days
  // before the account existed, future days.
  const thisMonth = await monthlyStats(request, teacherToken, today);
  const todayKind = thisMonth.days.find((d) => d.date === today)?.kind;
  expect(['ABSENT', 'OFF_DAY']).toContain(todayKind);
  await expectGridMatches(page, thisMonth);
  await expectSummary(page, thisMonth);
  await expect(dayPanel(page, today).getByText(KIND_LABELS[todayKind!], { exact: true })).toBeVisible();
  await shot(page, 'attendance-calendar-month');

  // The leave's month (the next one near the end of a month).
  if (leaveDay.slice(0, 7) !== today.slice(0, 7)) {
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.getByRole('heading', { name: monthTitle(leaveDay), exact: true })).toBeVisible();
  }
  const leaveMonth = await monthlyStats(request, teacherToken, leaveDay);
  expect(leaveMonth.days.find((d) => d.date === leaveDay)?.kind).toBe('LEAVE');
  await expectGridMatches(page, leaveMonth);
  const leaveCell = dayCell(page, leaveDay);
  await expect(leaveCell).toHaveAttribute('data-kind', 'LEAVE');
  const future = leaveMonth.days.find((d) => d.kind === 'FUTURE');
  if (future) await expect(dayCell(page, future.date)).toHaveAttribute('data-kind', 'FUTURE');
  // The leave's colour is blue (Mantine blue-1 is rgb(208, 235, 255)).
  expect(await leaveCell.evaluate(backgroundOf)).toBe('rgb(208, 235, 255)');
  await leaveCell.click();
  await expect(leaveCell).toHaveAttribute('aria-pressed', 'true');
  const leavePanel = dayPanel(page, leaveDay);
  await expect(leavePanel.getByText('On Leave', { exact: true })).toBeVisible();
  await expect(leavePanel).toContainText(reason);

  // The month before: the teacher did not exist yet.
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page.getByRole('heading', { name: monthTitle(today), exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Previous month' }).click();
  const before = plusDays(`${today.slice(0, 7)}-01`, -1);
  await expect(page.getByRole('heading', { name: monthTitle(before), exact: true })).toBeVisible();
  const lastMonth = await monthlyStats(request, teacherToken, before);
  expect(new Set(lastMonth.days.map((d) => d.kind))).toEqual(new Set(['BEFORE_START']));
  await expectGridMatches(page, lastMonth);
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(page.getByRole('heading', { name: monthTitle(today), exact: true })).toBeVisible();
});

test('an administrator uses All Attendance, the dashboard, teacher management and bulk review', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  const today = await orgToday(request, token);
  const office = await activeOffice(request, token);
  const family = uniqueWord();
  // Three teachers checked in far from the office: three pending records of this journey.
  const teachers: (Awaited<ReturnType<typeof createTeacher>> & { name: string })[] = [];
  for (const firstName of ['Anbu', 'Bala', 'Chitra']) {
    const t = await createTeacher(request, token, { firstName, lastName: family });
    const record = await checkInViaApi(request, await tokenOf(request, t), farFrom(office));
    expect(record.status).toBe('PENDING');
    expect(record.isWithinOfficeRange).toBe(false);
    teachers.push({ ...t, name: `${firstName} ${family}` });
  }
  const [anbu, bala, chitra] = teachers;

  await signIn(page, firstAdmin());
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
  for (const name of ['All Attendance', 'Admin Dashboard', 'Teacher Management', 'Bulk Review']) {
    await expect(page.getByRole('tab', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Today' })).toHaveCount(0);

  // --- All Attendance: the calendar needs a teacher -------------------------------------------------
  await expect(page.getByText('Please choose a teacher', { exact: true })).toBeVisible();
  const teacherBox = page.getByRole('textbox', { name: 'Teacher', exact: true });
  await teacherBox.click();
  await teacherBox.fill(anbu.name);
  await page.getByRole('option', { name: new RegExp(anbu.name) }).click();
  await expect(dayCell(page, today)).toHaveAttribute('data-kind', 'PENDING');
  await expect(tile(page, 'Pending')).toContainText('1');
  await shot(page, 'attendance-admin-calendar');

  await chooseView(page, 'List');
  await page.getByRole('searchbox', { name: 'Search teachers' }).fill(family);
  const rows = recordRows(page, 'Attendance Records');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: anbu.name })).toContainText('Pending');
  await expect(rows.filter({ hasText: anbu.name })).toContainText('In Progress');
  await expect(rows.filter({ hasText: anbu.name }).getByRole('button', { name: /^Review/ })).toBeVisible();
  await page.getByText('Show admin dashboard', { exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Show admin dashboard' })).toBeChecked();
  await expect(tile(page, 'Incomplete')).toBeVisible();
  await shot(page, 'attendance-admin-list');

  // --- Admin Dashboard: the counters, and a review from the first five pending --------------------
  await page.getByRole('tab', { name: 'Admin Dashboard' }).click();
  for (const label of ['Total', 'Pending', 'Approved', 'Rejected', 'Incomplete']) {
    await expect(tile(page, label)).toContainText(/\d/);
  }
  const pendingList = page.getByRole('list', { name: 'Pending approvals' });
  await expect(pendingList.getByRole('listitem').first()).toBeVisible();
  expect(await pendingList.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  await shot(page, 'attendance-admin-dashboard');
  const anbuItem = pendingList.getByRole('listitem').filter({ hasText: anbu.name });
  if ((await anbuItem.count()) > 0) {
    await anbuItem.getByRole('button', { name: /^Review/ }).click();
  } else {
    // Older pending records of other journeys fill the first five: review from the list instead.
    await page.getByRole('tab', { name: 'All Attendance' }).click();
    await chooseView(page, 'List');
    await page.getByRole('searchbox', { name: 'Search teachers' }).fill(anbu.name);
    await recordRows(page, 'Attendance Records')
      .filter({ hasText: anbu.name })
      .getByRole('button', { name: /^Review/ })
      .click();
  }
  const dialog = page.getByRole('dialog', { name: 'Full Review' });
  await expect(dialog).toBeVisible();
  // Outside the office range: the decision starts as Reject with the distance note.
  await expect(dialog.getByLabel('Decision')).toHaveValue('REJECTED');
  await expect(dialog.getByLabel('Admin notes')).toHaveValue(/^Checked in \d+ m from the office/);
  await dialog.getByLabel('Decision').selectOption('APPROVED');
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Attendance reviewed successfully!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: anbu.name })).toHaveCount(0);

  // --- Teacher Management: a teacher's records, the status filter ---------------------------------
  await page.getByRole('tab', { name: 'Teacher Management' }).click();
  await expect(page.getByRole('combobox', { name: 'Year', exact: true })).toHaveValue(today.slice(0, 4));
  await expect(page.getByRole('combobox', { name: 'Month', exact: true })).toHaveValue(
    String(Number(today.slice(5, 7))),
  );
  await page.getByRole('searchbox', { name: 'Search teachers' }).fill(family);
  const cards = page.getByRole('list', { name: 'Teachers with attendance' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  const anbuCard = cards.filter({ hasText: anbu.name });
  await expect(anbuCard).toContainText('Approved: 1');
  await expect(cards.filter({ hasText: bala.name })).toContainText('Pending: 1');
  await cards
    .filter({ hasText: bala.name })
    .getByRole('button', { name: /^View records/ })
    .click();
  const balaRows = recordRows(page, `Records of ${bala.name}`);
  await expect(balaRows).toHaveCount(1);
  await expect(balaRows.first()).toContainText(shownDate(today));
  await expect(balaRows.first()).toContainText('Pending');
  await page.getByLabel('Status', { exact: true }).selectOption('APPROVED');
  await expect(page.getByText('No attendance records in this period')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('ALL');
  await expect(balaRows).toHaveCount(1);
  await page.getByRole('radiogroup', { name: 'Period' }).getByText('Custom range', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Dates' })).toBeVisible();
  await expect(balaRows).toHaveCount(1);
  await shot(page, 'attendance-admin-teachers');

  // --- Bulk Review --------------------------------------------------------------------------------
  await page.getByRole('tab', { name: 'Bulk Review' }).click();
  const bulkRows = recordRows(page, 'Pending Records');
  await expect(bulkRows.filter({ hasText: bala.name })).toHaveCount(1);
  await page.getByRole('button', { name: 'Review Selected' }).click();
  await expect(toast(page, 'Please select at least one record')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all' }).check();
  const boxes = bulkRows.getByRole('checkbox');
  const count = await boxes.count();
  for (let i = 0; i < count; i++) await expect(boxes.nth(i)).toBeChecked();
  // Only this journey's records are decided: other journeys' pending records are left alone.
  for (let i = 0; i < count; i++) {
    const row = bulkRows.nth(i);
    const text = await row.innerText();
    if (!text.includes(family)) await row.getByRole('checkbox').uncheck();
  }
  await expect(page.getByRole('status').filter({ hasText: 'records selected' })).toHaveText(
    '2 records selected',
  );
  await shot(page, 'attendance-admin-bulk');
  await page.getByLabel('Decision').selectOption('APPROVED');
  await page.getByRole('button', { name: 'Review Selected' }).click();
  await expect(toast(page, '2 attendance records approved successfully')).toBeVisible();
  await expect(bulkRows.filter({ hasText: family })).toHaveCount(0);

  for (const t of [bala, chitra]) {
    const res = await request.get(`/api/attendance?teacherId=${t.id}`, auth(token));
    const [record] = (await res.json()) as AttendanceRecord[];
    expect(record.status).toBe('APPROVED');
  }
});
