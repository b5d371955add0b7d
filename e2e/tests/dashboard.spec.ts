import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { daysAgo, shownDate } from '../support/dates.ts';
import { auth } from '../support/forms.ts';
import { firstAdmin, signIn, snap } from '../support/helpers.ts';
import {
  adminToken,
  createStudent,
  createTeacher,
  tokenOf,
  uniqueTag,
  uniqueWord,
} from '../support/seed-people.ts';

interface Stats {
  totalTeachers?: number;
  totalStudents: number;
  assignedStudents?: number;
  totalActivities: number;
  pendingGifts: number;
}
interface DashboardLeave {
  teacher: { firstName: string; lastName: string };
  reason: string;
}
interface StatusEntry {
  id: string;
  firstName: string;
  lastName: string;
  age: number;
  overdueBy: number;
  nextDueDate: string | null;
  lastMeasurement: { date: string } | null;
}
interface Summary {
  overdue: number;
  dueSoon: number;
  neverMeasured: number;
}

/** The figure shown on the stat card named `label`. */
async function cardValue(page: Page, label: string): Promise<number> {
  const card = page.getByRole('group', { name: label });
  await expect(card).toContainText(/\d/);
  const text = (await card.innerText()).replace(label.toUpperCase(), '').replace(/[^\d]/g, '');
  return Number(text);
}

async function apiMeasure(request: APIRequestContext, token: string, studentId: string, date: string) {
  const res = await request.post('/api/measurements', {
    ...auth(token),
    data: { studentId, date, height: 100, weight: 15 },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** The measurement panel's three lists (spec part 1 §2 "/dashboard"): title, status, summary count. */
const LISTS = [
  { title: 'Overdue Measurements', status: 'overdue', count: 'overdue' },
  { title: 'Due Soon (Within 15 Days)', status: 'due_soon', count: 'dueSoon' },
  { title: 'Never Measured', status: 'never_measured', count: 'neverMeasured' },
] as const;
type List = (typeof LISTS)[number];

/** What a list shows under a student's name. */
function detailsOf(list: List, e: StatusEntry): string[] {
  if (list.status === 'overdue')
    return [
      `Overdue by ${e.overdueBy} ${e.overdueBy === 1 ? 'day' : 'days'}`,
      `Due: ${shownDate(e.nextDueDate!)}`,
    ];
  if (list.status === 'due_soon')
    return [`Due: ${shownDate(e.nextDueDate!)}`, `Last: ${shownDate(e.lastMeasurement!.date)}`];
  return ['Needs first measurement', `Age: ${e.age} ${e.age === 1 ? 'year' : 'years'}`];
}

/** What the API answers for the panel: the counts and the first 5 of each list, soonest due first. */
async function panelFromApi(request: APIRequestContext, token: string) {
  const summary = await getJson<Summary>(request, token, '/api/measurements/status/summary');
  const entries: Record<string, StatusEntry[]> = {};
  for (const list of LISTS) {
    entries[list.status] = await getJson<StatusEntry[]>(
      request,
      token,
      `/api/measurements/status/all?status=${list.status}&order=due&page=1&limit=5`,
    );
  }
  return { summary, entries };
}

/**
 * Each list of the panel shows the API's count in its badge, the API's first students in its order
 * with their details, and 'Show all N' to the status page filtered on that status, in the same order
 * (soonest due first), when it hides some.
 */
async function expectPanelLike(panel: Locator, api: Awaited<ReturnType<typeof panelFromApi>>) {
  for (const list of LISTS) {
    const region = panel.getByRole('region', { name: list.title });
    const count = api.summary[list.count];
    const entries = api.entries[list.status];
    await expect(region.getByLabel(`${count.toLocaleString('en-US')} students`)).toBeVisible({
      timeout: 5_000,
    });
    const items = region.getByRole('listitem');
    await expect(items).toHaveText(
      entries.map((e) => new RegExp(`^${e.firstName} ${e.lastName}`)),
      { timeout: 5_000 },
    );
    for (const [i, e] of entries.entries()) {
      for (const text of detailsOf(list, e)) await expect(items.nth(i)).toContainText(text);
    }
    const showAll = region.getByRole('link', { name: /^Show all [\d,]+$/ });
    if (count > entries.length) {
      await expect(showAll).toHaveText(`Show all ${count.toLocaleString('en-US')}`);
      await expect(showAll).toHaveAttribute('href', `/measurements/status?status=${list.status}&order=due`);
    } else {
      await expect(showAll).toHaveCount(0);
    }
  }
}

/** The status page's table rows (without the header) show these students, in this order. */
async function expectStatusRows(page: Page, students: { firstName: string; lastName: string }[]) {
  const table = page.getByRole('table', { name: 'Measurement status' });
  const dataRows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(dataRows).toHaveText(
    students.map((s) => new RegExp(`^${s.firstName} ${s.lastName}`)),
    { timeout: 5_000 },
  );
}

test('an administrator sees the programme figures, quick actions and both panels', async ({
  page,
  request,
}) => {
  const admin = firstAdmin();
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Dasuni', lastName: uniqueWord() });
  // Never measured, and first by name (the list shows the first 5 of the programme).
  const student = await createStudent(request, token, {
    firstName: `Aaa${uniqueWord().toLowerCase()}`,
    lastName: 'Dashboard',
    assignedTeacherId: teacher.id,
    dateOfBirth: `${new Date().getFullYear() - 5}-01-01`,
  });
  // Eleven students measured last about 2½ years ago: the most overdue of the programme (no other
  // journey measures that far back), so they lead the overdue list, the oldest first, and the sixth on
  // are hidden; on the status page they fill page 1 and begin page 2. Their names run the other way
  // (Latek … Latea), so that by name they would come in the reverse order.
  const late: { id: string; firstName: string; lastName: string }[] = [];
  for (let i = 0; i < 11; i++) {
    const s = await createStudent(request, token, {
      firstName: `Late${String.fromCharCode(107 - i)}`,
      lastName: `Dash${tag}`,
      assignedTeacherId: teacher.id,
      dateOfBirth: `${new Date().getFullYear() - 6}-01-01`,
    });
    await apiMeasure(request, token, s.id, daysAgo(950 - 10 * i));
    late.push(s);
  }
  const asAdmin = auth(token);
  const before = (await (await request.get('/api/dashboard/stats', asAdmin)).json()) as Stats;

  await signIn(page, admin);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome back, ${admin.firstName}!` }),
  ).toBeVisible();

  // Stat cards: at least what existed when the page was opened (other journeys add more meanwhile).
  expect(await cardValue(page, 'Total Teachers')).toBeGreaterThanOrEqual(Math.max(before.totalTeachers!, 1));
  expect(await cardValue(page, 'Total Students')).toBeGreaterThanOrEqual(Math.max(before.totalStudents, 1));
  expect(await cardValue(page, 'Activities')).toBeGreaterThanOrEqual(before.totalActivities);
  expect(await cardValue(page, 'Pending Gifts')).toBeGreaterThanOrEqual(before.pendingGifts);
  await expect(page.getByRole('group', { name: 'My Students' })).toHaveCount(0);

  // Quick actions.
  await expect(page.getByRole('link', { name: /Manage Users/ })).toHaveAttribute('href', '/users');
  await expect(page.getByRole('link', { name: /Manage Students/ })).toHaveAttribute('href', '/students');
  const record = page.getByRole('link', { name: /Record Activities/ });
  await expect(record).toHaveAttribute('href', '/activities/create');
  await expect(record).toContainText('Log Saturday activities for center-base students');

  // Leave panel: whatever approved leaves exist today and tomorrow, or the empty texts.
  const leavePanel = page.getByRole('region', { name: 'Today & Tomorrow Leave Approvals' });
  await expect(leavePanel).toBeVisible();
  await expect(leavePanel.getByRole('link', { name: 'View all leaves' })).toHaveAttribute('href', '/leaves');
  // Other journeys may approve a leave meanwhile: compare the panel with the API until both agree.
  await expect(async () => {
    const leaves = (await (await request.get('/api/leaves/today-tomorrow', asAdmin)).json()) as {
      today: DashboardLeave[];
      tomorrow: DashboardLeave[];
    };
    await page.reload();
    for (const [day, list] of [
      ['Today', leaves.today],
      ['Tomorrow', leaves.tomorrow],
    ] as const) {
      const section = leavePanel.getByRole('region', { name: day });
      if (list.length === 0) {
        await expect(section).toContainText(`No approved leaves ${day.toLowerCase()}`, { timeout: 5_000 });
      } else {
        for (const l of list)
          await expect(section).toContainText(`${l.teacher.firstName} ${l.teacher.lastName}`, {
            timeout: 5_000,
          });
      }
    }
  }).toPass({ timeout: 30_000 });

  // Measurement panel: the counts of the status summary, the first 5 of each list soonest due first
  // (other journeys add students meanwhile: compare with the API until both agree).
  const panel = page.getByRole('region', { name: 'Student Measurement Status' });
  await expect(panel.getByRole('link', { name: /View measurements/ })).toHaveAttribute(
    'href',
    '/measurements',
  );
  await expect(async () => {
    const api = await panelFromApi(request, token);
    await page.reload();
    await expectPanelLike(panel, api);
  }).toPass({ timeout: 30_000 });
  // The most overdue first: ours, the oldest measurement first; the sixth is behind 'Show all'.
  const overdue = panel.getByRole('region', { name: 'Overdue Measurements' });
  await expect(overdue.getByRole('listitem')).toHaveText(
    late.slice(0, 5).map((s) => new RegExp(`^${s.firstName} ${s.lastName}`)),
  );
  await expect(overdue.getByText(`${late[5].firstName} ${late[5].lastName}`)).toHaveCount(0);
  await snap(page, 'dashboard-admin');

  const never = panel.getByRole('region', { name: 'Never Measured' });
  const item = never.getByRole('link', { name: new RegExp(`${student.firstName} ${student.lastName}`) });
  await expect(item).toContainText('Needs first measurement');
  await expect(item).toContainText('Age: 5 years');

  // 'Show all N' opens the status page filtered on overdue, in the panel's order (the most overdue
  // first): every row overdue, ours first.
  const showAll = overdue.getByRole('link', { name: /^Show all [\d,]+$/ });
  const shownCount = Number((await showAll.innerText()).replace(/[^\d]/g, ''));
  expect(shownCount).toBeGreaterThanOrEqual(11);
  await showAll.click();
  await expect(page).toHaveURL(/\/measurements\/status\?status=overdue&order=due$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Measurement Status' })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('overdue');
  // The order shows, as a filter does.
  await expect(page.getByLabel('Sort by')).toHaveValue('due');
  // As many as the badge said (or more: other journeys add students meanwhile), 10 a page, all overdue.
  const pager = page.getByText(/^Showing 1-\d+ of \d+$/);
  await expect(pager).toBeVisible();
  const total = Number((await pager.innerText()).split(' of ')[1]);
  expect(total).toBeGreaterThanOrEqual(shownCount);
  const table = page.getByRole('table', { name: 'Measurement status' });
  const dataRows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(dataRows).toHaveCount(Math.min(total, 10));
  for (const row of await dataRows.all()) await expect(row).toContainText('Overdue');
  // The rows come as the API answers the overdue list soonest due first: our ten, the oldest first.
  await expectStatusRows(page, late.slice(0, 10));
  await expect(async () => {
    const byDue = await getJson<StatusEntry[]>(
      request,
      token,
      '/api/measurements/status/all?status=overdue&order=due&page=1&limit=10',
    );
    await page.reload();
    await expectStatusRows(page, byDue);
  }).toPass({ timeout: 30_000 });
  // Filters and pages keep that order: ours by their tag, page 2 going on from page 1.
  await page.getByLabel('Search students').fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}(&|$)`));
  await expect(page.getByText('Showing 1-10 of 11')).toBeVisible();
  await expectStatusRows(page, late.slice(0, 10));
  await page
    .getByRole('navigation', { name: 'Status pages' })
    .getByRole('button', { name: 'Page 2' })
    .click();
  await expect(page.getByText('Showing 11-11 of 11')).toBeVisible();
  await expect(page).toHaveURL(/[?&]order=due(&|$)/);
  await expectStatusRows(page, late.slice(10));
  for (const pageNo of [1, 2]) {
    const byDue = await getJson<StatusEntry[]>(
      request,
      token,
      `/api/measurements/status/all?status=overdue&order=due&search=${tag}&page=${pageNo}&limit=10`,
    );
    expect(byDue.map((e) => e.id)).toEqual(late.slice((pageNo - 1) * 10, pageNo * 10).map((s) => s.id));
  }
  // 'Sort by' back to names: the order leaves the address, the list starts again at page 1 by name.
  await page.getByLabel('Sort by').selectOption('Name');
  await expect(page).not.toHaveURL(/[?&]order=/);
  await expect(page.getByText('Showing 1-10 of 11')).toBeVisible();
  const byName = await getJson<StatusEntry[]>(
    request,
    token,
    `/api/measurements/status/all?status=overdue&search=${tag}&page=1&limit=10`,
  );
  expect(byName.map((e) => e.id)).not.toEqual(late.slice(0, 10).map((s) => s.id));
  await expectStatusRows(page, byName);
  await snap(page, 'measurement-status-sort-by');

  // Back on the dashboard, a student's name leads to their page.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/students/${student.id}$`));
});

test('a teacher sees their own figures and only their own students', async ({ page, request }) => {
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Kumari', lastName: uniqueWord() });
  const other = await createTeacher(request, token, { firstName: 'Other', lastName: uniqueWord() });
  const mine = (firstName: string) =>
    createStudent(request, token, { firstName, lastName: 'Mine', assignedTeacherId: teacher.id });
  // Seven overdue (measured 100 to 160 days ago), two due soon (due in about 5 and 10 days: measured
  // 56 and 51 days ago, the cycle being 2 months), one up to date, three never measured.
  const overdue = [];
  for (let i = 0; i < 7; i++) {
    const s = await mine(`Over${String.fromCharCode(103 - i)}`);
    await apiMeasure(request, token, s.id, daysAgo(160 - 10 * i));
    overdue.push(s);
  }
  const soonLater = await mine('Dueb');
  await apiMeasure(request, token, soonLater.id, daysAgo(51));
  const soonFirst = await mine('Duea');
  // Read once: the check below expects the date recorded even if midnight passes in between.
  const soonFirstDay = daysAgo(56);
  await apiMeasure(request, token, soonFirst.id, soonFirstDay);
  const fine = await mine('Fine');
  await apiMeasure(request, token, fine.id, daysAgo(5));
  const never = [await mine('Newc'), await mine('Newa'), await mine('Newb')];
  const notMine = await createStudent(request, token, {
    firstName: uniqueWord(),
    lastName: 'NotMine',
    assignedTeacherId: other.id,
  });
  await apiMeasure(request, token, notMine.id, daysAgo(170));
  const notMineNever = await createStudent(request, token, {
    firstName: uniqueWord(),
    lastName: 'NotMine',
    assignedTeacherId: other.id,
  });

  await signIn(page, teacher);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome back, ${teacher.firstName}!` }),
  ).toBeVisible();

  expect(await cardValue(page, 'My Students')).toBe(13);
  expect(await cardValue(page, 'Activities')).toBe(0);
  expect(await cardValue(page, 'Pending Gifts')).toBe(0);
  await expect(page.getByRole('group', { name: 'Total Teachers' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Total Students' })).toHaveCount(0);

  await expect(page.getByRole('link', { name: /Record Activities/ })).toContainText(
    'Log Saturday activities for center-base students',
  );
  await expect(page.getByRole('link', { name: /Manage Users/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Manage Students/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Today & Tomorrow Leave Approvals' })).toHaveCount(0);

  // The panel: their own students only, as the API answers them to the teacher.
  const panel = page.getByRole('region', { name: 'Student Measurement Status' });
  const teacherToken = await tokenOf(request, teacher);
  const api = await panelFromApi(request, teacherToken);
  expect(api.summary).toMatchObject({ overdue: 7, dueSoon: 2, neverMeasured: 3 });
  await expectPanelLike(panel, api);
  // Overdue: the most overdue first, 5 of 7, and 'Show all 7'.
  const overdueList = panel.getByRole('region', { name: 'Overdue Measurements' });
  await expect(overdueList.getByLabel('7 students')).toHaveText('7');
  await expect(overdueList.getByRole('listitem')).toHaveText(
    overdue.slice(0, 5).map((s) => new RegExp(`^${s.firstName} Mine`)),
  );
  // Due soon: the soonest first, both shown, nothing more to show.
  const dueSoonList = panel.getByRole('region', { name: 'Due Soon (Within 15 Days)' });
  await expect(dueSoonList.getByRole('listitem')).toHaveText([/^Duea Mine/, /^Dueb Mine/]);
  await expect(dueSoonList).toContainText(`Last: ${shownDate(soonFirstDay)}`);
  await expect(dueSoonList.getByRole('link', { name: /^Show all/ })).toHaveCount(0);
  // Never measured: by name.
  const neverList = panel.getByRole('region', { name: 'Never Measured' });
  await expect(neverList.getByRole('listitem')).toHaveText([/^Newa Mine/, /^Newb Mine/, /^Newc Mine/]);
  await expect(neverList.getByRole('listitem').first()).toContainText('Needs first measurement');
  expect(never).toHaveLength(3);
  await expect(page.getByText(notMine.firstName)).toHaveCount(0);
  await expect(page.getByText(notMineNever.firstName)).toHaveCount(0);
  await expect(page.getByText('Fine Mine')).toHaveCount(0);
  await snap(page, 'dashboard-teacher');

  // 'Show all 7' opens the status page filtered on overdue, with the teacher's 7 and nobody else's.
  await overdueList.getByRole('link', { name: 'Show all 7' }).click();
  await expect(page).toHaveURL(/\/measurements\/status\?status=overdue&order=due$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Measurement Status' })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('overdue');
  await expect(page.getByLabel('Teacher', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Showing 1-7 of 7')).toBeVisible();
  const table = page.getByRole('table', { name: 'Measurement status' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(8);
  // The status page lists them as the panel does, the most overdue first (Overg … Overa, not by name),
  // as the API answers the teacher's overdue list soonest due first.
  const byDue = await getJson<StatusEntry[]>(
    request,
    teacherToken,
    '/api/measurements/status/all?status=overdue&order=due&page=1&limit=10',
  );
  expect(byDue.map((e) => e.id)).toEqual(overdue.map((s) => s.id));
  await expectStatusRows(page, byDue);
  for (const [i] of overdue.entries()) await expect(rows.nth(i + 1)).toContainText('Overdue');
  await expect(page.getByText(notMine.firstName)).toHaveCount(0);
});
