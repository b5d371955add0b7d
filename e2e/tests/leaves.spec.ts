import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { shownDate } from '../support/dates.ts';
import { auth, snapTop, typeDate } from '../support/forms.ts';
import { firstAdmin, signIn } from '../support/helpers.ts';
import { adminToken, createTeacher, tokenOf, uniqueWord } from '../support/seed-people.ts';

// Leaves (spec part 2 §2.4, §4, §5, §8, §9) for both roles: a teacher applies for a single day and a
// range (the past, a backwards range and an overlap refused), the list with its tiles, search and
// filters; an administrator quick-approves, reviews with notes, meets the already-reviewed message and
// a missing application, sees tomorrow's approved leave on the dashboard; the analytics tabs and the
// CSV export. Journeys run in parallel on one database: every teacher is new and has a unique name,
// which the administrator's list and the analytics are searched by.

interface LeaveRecord {
  id: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  startDate: string;
  endDate: string;
  days: number;
  reason: string;
  reviewNotes: string | null;
}

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

/** YYYY-MM-DD `days` after `date` (negative: before). */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The organisation's day (GET /api/organisation): what 'today' means to the app and the server. */
async function orgToday(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/organisation', auth(token));
  expect(res.status()).toBe(200);
  return ((await res.json()) as { today: string }).today;
}

/** '3 Mar 2026' or '3 Mar 2026 – 5 Mar 2026', as the cards show a leave's period. */
const period = (start: string, end = start) =>
  start === end ? shownDate(start) : `${shownDate(start)} – ${shownDate(end)}`;

async function applyViaApi(
  request: APIRequestContext,
  token: string,
  body: { startDate: string; endDate?: string; reason: string },
): Promise<LeaveRecord> {
  const res = await request.post('/api/leaves/apply', { ...auth(token), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as LeaveRecord;
}

async function reviewViaApi(
  request: APIRequestContext,
  token: string,
  id: string,
  status: 'APPROVED' | 'REJECTED',
) {
  const res = await request.patch(`/api/leaves/${id}/review`, { ...auth(token), data: { status } });
  expect(res.status(), await res.text()).toBe(200);
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cards = (page: Page) => page.getByRole('list', { name: 'Leave applications' }).getByRole('listitem');
const tile = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

async function expectTiles(
  page: Page,
  values: { total: number; pending: number; approved: number; rejected: number },
) {
  await expect(tile(page, 'Total')).toContainText(String(values.total));
  await expect(tile(page, 'Pending')).toContainText(String(values.pending));
  await expect(tile(page, 'Approved')).toContainText(String(values.approved));
  await expect(tile(page, 'Rejected')).toContainText(String(values.rejected));
}

/** Chooses a value in one of the native selects and waits for it in the address. */
async function chooseIn(page: Page, label: string, key: string, value: string) {
  await page.getByLabel(label, { exact: true }).selectOption(value);
  await expect.poll(() => new URL(page.url()).searchParams.get(key)).toBe(value || null);
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

test('a teacher applies for a single day and for a range; the past, a backwards range and an overlap are refused; the list filters', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Nilani', lastName: uniqueWord() });
  const today = await orgToday(request, token);
  const single = plusDays(today, 10);
  const [from, to] = [plusDays(today, 20), plusDays(today, 23)];

  await signIn(page, teacher);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Leaves' })
    .click();
  await expect(page).toHaveURL(/\/leaves$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leaves' })).toBeVisible();
  await expect(page.getByText('No leave applications found')).toBeVisible();
  await expectTiles(page, { total: 0, pending: 0, approved: 0, rejected: 0 });
  await expect(page.getByRole('link', { name: 'Analytics Dashboard' })).toHaveCount(0);

  // --- a single day: required fields, then the past -----------------------------------------------------
  await page.getByRole('link', { name: 'Apply for Leave' }).click();
  await expect(page).toHaveURL(/\/leaves\/apply$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for Leave' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Single Day' })).toBeChecked();
  const guidelines = region(page, 'Guidelines');
  await expect(guidelines).toContainText('Apply at least 3 days in advance whenever possible.');
  await expect(guidelines).toContainText('Emergency leave may be applied for retroactively');
  await expect(guidelines).toContainText('need an administrator’s approval');
  await expect(guidelines).toContainText('email and an in-app notification about the decision');
  await expect(guidelines).toContainText('Hand over your responsibilities');
  const summary = region(page, 'Leave Summary');
  await expect(summary).toContainText('Single Day');
  await expect(summary).toContainText('Not chosen yet');

  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Please select a start date')).toBeVisible();
  await expect(page.getByText('Reason is required')).toBeVisible();
  await typeDate(page.getByLabel('Leave date'), plusDays(today, -2));
  await page.getByLabel('Reason').fill('Family wedding in Point Pedro');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Cannot apply for leave in the past')).toBeVisible();
  await expect(page).toHaveURL(/\/leaves\/apply$/);

  await typeDate(page.getByLabel('Leave date'), single);
  await expect(page.getByText('Cannot apply for leave in the past')).toHaveCount(0);
  await expect(summary).toContainText(shownDate(single));
  await expect(summary).toContainText('1 day');
  await shot(page, 'leaves-apply');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Leave application submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/leaves$/);
  await expect(cards(page)).toHaveCount(1);
  const singleCard = page.getByRole('listitem', { name: period(single), exact: true });
  await expect(singleCard).toContainText('Pending');
  await expect(singleCard).toContainText('1 day');
  await expect(singleCard).toContainText('Family wedding in Point Pedro');
  await expectTiles(page, { total: 1, pending: 1, approved: 0, rejected: 0 });

  // --- a range: the end before the start, then three days ----------------------------------------------
  await page.getByRole('link', { name: 'Apply for Leave' }).click();
  await page.getByRole('radio', { name: 'Date Range' }).check();
  await typeDate(page.getByLabel('Start date'), from);
  await typeDate(page.getByLabel('End date'), plusDays(from, -1));
  await page.getByLabel('Reason').fill('Exams at the Open University in Colombo');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('End date must be after start date')).toBeVisible();
  await typeDate(page.getByLabel('End date'), to);
  await expect(summary).toContainText('Date Range');
  await expect(summary).toContainText(period(from, to));
  await expect(summary).toContainText('3 days');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Leave application submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/leaves$/);
  await expect(cards(page)).toHaveCount(2);
  const rangeCard = page.getByRole('listitem', { name: period(from, to), exact: true });
  await expect(rangeCard).toContainText('3 days');
  await expect(rangeCard).toContainText('Pending');

  // --- one overlapping the range: the server's message ------------------------------------------------
  await page.getByRole('link', { name: 'Apply for Leave' }).click();
  await typeDate(page.getByLabel('Leave date'), plusDays(from, 1));
  await page.getByLabel('Reason').fill('Overlapping day');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    toast(page, 'You already have a pending or approved leave application covering some of these dates'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/leaves\/apply$/);
  await page.getByRole('link', { name: 'Cancel' }).click();

  // --- the list: search, filters, clear ----------------------------------------------------------------
  await expect(cards(page)).toHaveCount(2);
  await expectTiles(page, { total: 2, pending: 2, approved: 0, rejected: 0 });
  await page.getByLabel('Search leave applications').fill('Colombo');
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('Colombo');
  await expect(cards(page)).toHaveCount(1);
  await expect(rangeCard).toBeVisible();
  await expectTiles(page, { total: 1, pending: 1, approved: 0, rejected: 0 });
  await page.getByRole('button', { name: 'Filters' }).click();
  await chooseIn(page, 'Status', 'status', 'APPROVED');
  await expect(page.getByText('No leave applications match these filters')).toBeVisible();
  await expect(page.getByText('1 filter on')).toBeVisible();
  await chooseIn(page, 'Status', 'status', 'PENDING');
  await chooseIn(page, 'Applied', 'applied', 'this_year');
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await expect(page.getByLabel('Search leave applications')).toHaveValue('');
  await expect(cards(page)).toHaveCount(2);
  // Newest application first.
  await expect(cards(page).first()).toHaveAccessibleName(period(from, to));
  await expect(page.getByText('Showing 1-2 of 2')).toBeVisible();
  await shot(page, 'leaves-list-teacher');

  // --- the administrators' pages are closed to a teacher -----------------------------------------------
  await page.goto('/leaves/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Leave Analytics' })).toBeVisible();
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  const mine = (await (
    await request.get(`/api/leaves/teacher/${teacher.id}`, auth(await tokenOf(request, teacher)))
  ).json()) as LeaveRecord[];
  expect(mine.map((l) => [l.startDate, l.endDate, l.days, l.status])).toEqual([
    [from, to, 3, 'PENDING'],
    [single, single, 1, 'PENDING'],
  ]);
  await page.goto(`/leaves/${mine[0].id}/review`);
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Review' })).toHaveCount(0);
});

test('an administrator quick-approves one, rejects one with notes, meets the already-reviewed and missing states; the dashboard shows tomorrow’s leave; the teacher reads the decisions', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = firstAdmin();
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Tharsini', lastName: uniqueWord() });
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;
  const teacherToken = await tokenOf(request, teacher);
  const today = await orgToday(request, token);
  const tomorrow = plusDays(today, 1);
  const [from, to] = [plusDays(today, 30), plusDays(today, 32)];
  const soon = await applyViaApi(request, teacherToken, {
    startDate: tomorrow,
    reason: 'Taking my daughter to the eye clinic',
  });
  const later = await applyViaApi(request, teacherToken, {
    startDate: from,
    endDate: to,
    reason: 'Visiting relatives in Batticaloa',
  });

  await signIn(page, admin);
  await page.goto('/leaves');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaves' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Analytics Dashboard' })).toHaveAttribute(
    'href',
    '/leaves/dashboard',
  );
  await expect(page.getByRole('link', { name: 'Apply for Leave' })).toHaveCount(0);
  await page.getByLabel('Search leave applications').fill(teacher.lastName);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(teacher.lastName);
  await expect(cards(page)).toHaveCount(2);
  await expectTiles(page, { total: 2, pending: 2, approved: 0, rejected: 0 });
  const soonCard = page.getByRole('listitem', { name: `${teacherName}, ${period(tomorrow)}`, exact: true });
  const laterCard = page.getByRole('listitem', { name: `${teacherName}, ${period(from, to)}`, exact: true });
  // End minus start (spec §9): the 30th to the 32nd day is 2 days.
  await expect(laterCard).toContainText('2 days');
  await expect(laterCard).toContainText('Visiting relatives in Batticaloa');
  await expect(soonCard.getByRole('button', { name: 'Quick Approve' })).toBeVisible();
  await expect(laterCard.getByRole('link', { name: 'Full Review' })).toHaveAttribute(
    'href',
    `/leaves/${later.id}/review`,
  );
  await shot(page, 'leaves-list-admin');

  // --- quick approve ----------------------------------------------------------------------------------
  await soonCard.getByRole('button', { name: 'Quick Approve' }).click();
  await expect(toast(page, 'Leave application approved or rejected successfully!')).toBeVisible();
  await expect(soonCard).toContainText('Approved');
  await expect(soonCard).toContainText(`${admin.firstName} ${admin.lastName}`);
  await expect(soonCard).toContainText('No notes');
  await expect(soonCard.getByRole('button', { name: 'Quick Approve' })).toHaveCount(0);
  await expectTiles(page, { total: 2, pending: 1, approved: 1, rejected: 0 });

  // --- full review: a decision is required, then reject with notes --------------------------------------
  await laterCard.getByRole('link', { name: 'Full Review' }).click();
  await expect(page).toHaveURL(new RegExp(`/leaves/${later.id}/review$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Review Leave Application' })).toBeVisible();
  const details = region(page, 'Leave Details');
  await expect(details).toContainText(teacherName);
  await expect(details).toContainText(period(from, to));
  await expect(details).toContainText('2 days');
  await expect(details).toContainText('Date Range');
  await expect(details).toContainText('Visiting relatives in Batticaloa');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Please select a decision')).toBeVisible();
  await page.getByRole('combobox', { name: 'Decision', exact: true }).selectOption('REJECTED');
  await page.getByLabel('Review notes').fill('The annual sports meet falls on these days.');
  await expect(page.getByText('Please select a decision')).toHaveCount(0);
  await shot(page, 'leaves-review');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Leave application approved or rejected successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/leaves(\?.*)?$/);
  await page.getByLabel('Search leave applications').fill(teacher.lastName);
  await expect(laterCard).toContainText('Rejected');
  await expect(laterCard).toContainText('The annual sports meet falls on these days.');
  await expectTiles(page, { total: 2, pending: 0, approved: 1, rejected: 1 });

  // --- reviewed already; and one that does not exist ----------------------------------------------------
  await page.goto(`/leaves/${later.id}/review`);
  await expect(page.getByText('This leave application has already been reviewed')).toBeVisible();
  await expect(page.getByText(`Rejected by ${admin.firstName} ${admin.lastName} on`)).toBeVisible();
  await expect(region(page, 'Review')).toContainText('The annual sports meet falls on these days.');
  await expect(page.getByRole('combobox', { name: 'Decision', exact: true })).toHaveCount(0);
  await shot(page, 'leaves-review-done');
  const again = await request.patch(`/api/leaves/${soon.id}/review`, {
    ...auth(token),
    data: { status: 'REJECTED' },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe(
    'This leave application has already been reviewed',
  );
  await page.goto('/leaves/00000000-0000-4000-8000-000000000000/review');
  await expect(page.getByText('Leave application not found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Leaves' })).toBeVisible();
  await page.goto('/leaves/apply');
  await expect(page.getByText('Only teachers can apply for leave.')).toBeVisible();

  // --- the dashboard's panel: tomorrow's approved leave -------------------------------------------------
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'Today & Tomorrow Leave Approvals' });
  const tomorrowList = panel.getByRole('region', { name: 'Tomorrow' });
  await expect(tomorrowList).toContainText(teacherName);
  await expect(tomorrowList).toContainText('Taking my daughter to the eye clinic');
  await expect(panel.getByRole('region', { name: 'Today' })).not.toContainText(teacherName);

  // --- the teacher reads both decisions -----------------------------------------------------------------
  const teacherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const mine = await teacherContext.newPage();
  await signIn(mine, teacher);
  await mine.goto('/leaves');
  await expectTiles(mine, { total: 2, pending: 0, approved: 1, rejected: 1 });
  const approved = mine.getByRole('listitem', { name: period(tomorrow), exact: true });
  await expect(approved).toContainText('Approved');
  await expect(approved).toContainText(`${admin.firstName} ${admin.lastName}`);
  const rejected = mine.getByRole('listitem', { name: period(from, to), exact: true });
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText('The annual sports meet falls on these days.');
  await expect(mine.getByRole('button', { name: 'Quick Approve' })).toHaveCount(0);
  await teacherContext.close();
});

test('leave analytics: the monthly, yearly and teacher-wise views, their filters and the CSV export', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Kowsalya', lastName: uniqueWord() });
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;
  const teacherToken = await tokenOf(request, teacher);
  const today = await orgToday(request, token);
  const [year, month] = today.split('-').map(Number);
  // Two applications for today (in this year and month whatever the date): one rejected, then one
  // approved (a rejected leave does not block the same day).
  const first = await applyViaApi(request, teacherToken, { startDate: today, reason: 'Fever' });
  await reviewViaApi(request, token, first.id, 'REJECTED');
  const second = await applyViaApi(request, teacherToken, { startDate: today, reason: 'Fever again' });
  await reviewViaApi(request, token, second.id, 'APPROVED');

  await signIn(page, firstAdmin());
  await page.goto('/leaves');
  await page.getByRole('link', { name: 'Analytics Dashboard' }).click();
  await expect(page).toHaveURL(/\/leaves\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leave Analytics' })).toBeVisible();

  // --- monthly: a chart and a row per month; the year select offers this year and the four before ----
  await expect(page.getByRole('tab', { name: 'Monthly View' })).toHaveAttribute('aria-selected', 'true');
  const years = page.getByLabel('Year', { exact: true });
  await expect(years.locator('option')).toHaveText([0, 1, 2, 3, 4].map((i) => String(year - i)));
  await expect(page.getByRole('figure', { name: `Applications by month, ${year}` })).toBeVisible();
  const monthly = page.getByRole('table', { name: `Leave applications by month, ${year}` });
  await expect(monthly.getByRole('row')).toHaveCount(13);
  const thisMonth = monthly.getByRole('row', { name: new RegExp(`^${MONTHS[month - 1]} `) });
  await expect(thisMonth).toBeVisible();
  const appliedThisMonth = Number(await thisMonth.getByRole('cell').first().innerText());
  expect(appliedThisMonth).toBeGreaterThanOrEqual(2);
  await shot(page, 'leaves-dashboard-monthly');

  let download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  let file = await download;
  expect(file.suggestedFilename()).toBe(`leave-report-monthly-${year}.csv`);
  let lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('Month,Year,Applied,Approved,Pending,Rejected,Approval rate (%),Approved days');
  expect(lines).toHaveLength(13);
  expect(lines[month]).toMatch(new RegExp(`^${MONTHS[month - 1]},${year},\\d+,`));

  await years.selectOption(String(year - 1));
  await expect.poll(() => new URL(page.url()).searchParams.get('year')).toBe(String(year - 1));
  await expect(page.getByRole('table', { name: `Leave applications by month, ${year - 1}` })).toBeVisible();
  await years.selectOption(String(year));

  // --- yearly: five years -----------------------------------------------------------------------------
  await page.getByRole('tab', { name: 'Yearly View' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('yearly');
  const yearly = page.getByRole('table', { name: `Leave applications by year, ${year - 4}–${year}` });
  await expect(yearly.getByRole('row')).toHaveCount(6);
  await expect(yearly.getByRole('row', { name: new RegExp(`^${year} `) })).toBeVisible();
  await expect(page.getByRole('figure', { name: `Applications by year, ${year - 4}–${year}` })).toBeVisible();
  await shot(page, 'leaves-dashboard-yearly');

  // --- teacher-wise: search, month and teacher filters, reset, export ------------------------------------
  await page.getByRole('tab', { name: 'Teacher-wise' }).click();
  await page.getByLabel('Search teacher name').fill(teacher.lastName);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(teacher.lastName);
  const teachers = page.getByRole('table', { name: /^Leave applications by teacher, / });
  const row = teachers.getByRole('row', { name: new RegExp(`^${teacherName} `) });
  await expect(teachers).toHaveAccessibleName(`Leave applications by teacher, ${year}`);
  await expect(teachers.getByRole('row')).toHaveCount(2);
  await expect(row.getByRole('cell')).toHaveText(['2', '1', '0', '1', '50%', '1']);
  await chooseIn(page, 'Month', 'month', String(month));
  await expect(
    page.getByRole('table', { name: `Leave applications by teacher, ${MONTHS[month - 1]} ${year}` }),
  ).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText(['2', '1', '0', '1', '50%', '1']);
  await chooseIn(page, 'Teacher', 'teacherId', teacher.id);
  await expect(row).toBeVisible();
  await shot(page, 'leaves-dashboard-teachers');

  download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  file = await download;
  expect(file.suggestedFilename()).toBe(
    `leave-report-teachers-${year}-${String(month).padStart(2, '0')}.csv`,
  );
  lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines).toEqual([
    'Teacher,Year,Month,Applied,Approved,Pending,Rejected,Approval rate (%),Approved days',
    `${teacherName},${year},${MONTHS[month - 1]},2,1,0,1,50,1`,
  ]);

  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.toString()).toBe('view=teachers');
  await expect(page.getByLabel('Search teacher name')).toHaveValue('');
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Teacher', { exact: true })).toHaveValue('');

  // --- every teacher: 10 per page, with the pager; page 2 continues page 1 -------------------------------
  const path = `/api/leaves/analytics/teachers?year=${year}`;
  const pageOf = async (n: number) => {
    const res = await request.get(`${path}&page=${n}&limit=10`, auth(token));
    expect(res.ok()).toBe(true);
    return {
      total: Number(res.headers()['x-total-count']),
      names: ((await res.json()) as { teacherName: string }[]).map((r) => r.teacherName),
    };
  };
  let pageOne = await pageOf(1);
  // Journeys run in parallel: make sure there is a second page whatever ran before.
  for (let i = pageOne.total; i <= 10; i++) {
    await createTeacher(request, token, { firstName: 'Paged', lastName: uniqueWord() });
  }
  await page.reload();
  pageOne = await pageOf(1);
  const pager = page.getByRole('navigation', { name: 'Teacher pages' });
  await expect(pager.getByText(/^Showing 1-10 of \d+$/)).toBeVisible();
  await expect(teachers.getByRole('row')).toHaveCount(11);
  await expect(teachers.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(pageOne.names[0]);
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
  const pageTwo = await pageOf(2);
  await expect(teachers.getByRole('row').nth(1).getByRole('rowheader')).toHaveText(pageTwo.names[0]);
  expect(pageTwo.names).not.toContain(pageOne.names[0]);
  await shot(page, 'leaves-dashboard-teachers-page-2');
});
