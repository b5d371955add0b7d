import { expect, test, type Locator, type Page } from '@playwright/test';
import { firstAdmin, signIn, snap } from '../support/helpers.ts';
import { adminToken, createStudent, createTeacher, uniqueWord } from '../support/seed-people.ts';

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

/** The figure shown on the stat card named `label`. */
async function cardValue(page: Page, label: string): Promise<number> {
  const card = page.getByRole('group', { name: label });
  await expect(card).toContainText(/\d/);
  const text = (await card.innerText()).replace(label.toUpperCase(), '').replace(/[^\d]/g, '');
  return Number(text);
}

/** One of the three lists of the measurement panel, expanded to show every student. */
async function statusList(page: Page, title: string): Promise<Locator> {
  const list = page.getByRole('region', { name: title });
  const showAll = list.getByRole('button', { name: /^Show all \d+$/ });
  if (await showAll.isVisible()) await showAll.click();
  return list;
}

test('an administrator sees the programme figures, quick actions and both panels', async ({
  page,
  request,
}) => {
  const admin = firstAdmin();
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Dasuni', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: uniqueWord(),
    lastName: 'Dashboard',
    assignedTeacherId: teacher.id,
    dateOfBirth: `${new Date().getFullYear() - 5}-01-01`,
  });
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const before = (await (await request.get('/api/dashboard/stats', auth)).json()) as Stats;

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
    const leaves = (await (await request.get('/api/leaves/today-tomorrow', auth)).json()) as {
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

  // Measurement panel: the new student has never been measured.
  const panel = page.getByRole('region', { name: 'Student Measurement Status' });
  await expect(panel.getByRole('link', { name: /View measurements/ })).toHaveAttribute(
    'href',
    '/measurements',
  );
  await expect(panel.getByRole('heading', { name: 'Overdue Measurements' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Due Soon (Within 15 Days)' })).toBeVisible();
  await snap(page, 'dashboard-admin');

  const never = await statusList(page, 'Never Measured');
  const item = never.getByRole('link', { name: new RegExp(`${student.firstName} ${student.lastName}`) });
  await expect(item).toContainText('Needs first measurement');
  await expect(item).toContainText('Age: 5 years');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/students/${student.id}$`));
});

test('a teacher sees their own figures and only their own students', async ({ page, request }) => {
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Kumari', lastName: uniqueWord() });
  const other = await createTeacher(request, token, { firstName: 'Other', lastName: uniqueWord() });
  const mine = [];
  for (let i = 0; i < 3; i++) {
    mine.push(
      await createStudent(request, token, {
        firstName: uniqueWord(),
        lastName: 'Mine',
        assignedTeacherId: teacher.id,
      }),
    );
  }
  const notMine = await createStudent(request, token, {
    firstName: uniqueWord(),
    lastName: 'NotMine',
    assignedTeacherId: other.id,
  });

  await signIn(page, teacher);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome back, ${teacher.firstName}!` }),
  ).toBeVisible();

  expect(await cardValue(page, 'My Students')).toBe(3);
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

  const panel = page.getByRole('region', { name: 'Student Measurement Status' });
  await expect(panel.getByRole('region', { name: 'Overdue Measurements' })).toContainText(
    'No overdue measurements',
  );
  await expect(panel.getByRole('region', { name: 'Due Soon (Within 15 Days)' })).toContainText(
    'No measurements due soon',
  );
  const never = panel.getByRole('region', { name: 'Never Measured' });
  await expect(never.getByRole('link')).toHaveCount(3);
  for (const s of mine) {
    await expect(never.getByRole('link', { name: new RegExp(`${s.firstName} Mine`) })).toContainText(
      'Needs first measurement',
    );
  }
  await expect(page.getByText(notMine.firstName)).toHaveCount(0);
  await snap(page, 'dashboard-teacher');
});
