import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { daysAgo, shownDate } from '../support/dates.ts';
import { auth, expectImageLoaded, pickStudent, snapTop, typeDate } from '../support/forms.ts';
import { firstAdmin, signIn } from '../support/helpers.ts';
import { pngFile } from '../support/images.ts';
import {
  adminToken,
  createStudent,
  createTeacher,
  tokenOf,
  uniqueTag,
  uniqueWord,
} from '../support/seed-people.ts';

// Measurements (spec part 1 §2 "Measurements", §4 "Measurement status", §5 "Create measurement", §6,
// §8 "Measurements", §9) for both roles. Journeys run in parallel on one database: names carry a unique
// tag and the status list is searched for it.

interface MeasurementRecord {
  id: string;
  height: number;
  weight: number;
  date: string;
  notes: string | null;
  position: string | null;
  photos: string[];
  studentId: string;
}

async function apiMeasure(
  request: APIRequestContext,
  token: string,
  studentId: string,
  date: string,
  figures = { height: 100, weight: 15 },
) {
  const res = await request.post('/api/measurements', {
    ...auth(token),
    data: { studentId, date, ...figures },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as MeasurementRecord;
}

/** The figure on a counter of the status page. */
async function counter(page: Page, label: string): Promise<number> {
  const group = page.getByRole('group', { name: label, exact: true });
  await expect(group).toContainText(/\d/);
  return Number((await group.innerText()).replace(/[^\d]/g, ''));
}

test('a teacher records a measurement with a photo and reads it back', async ({ page, request }) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Chamari', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Amaya',
    lastName: `Growth${tag}`,
    assignedTeacherId: teacher.id,
  });
  const name = `${student.firstName} ${student.lastName}`;
  const day = daysAgo(2);

  await signIn(page, teacher);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Measurements' })
    .click();
  await expect(page).toHaveURL(/\/measurements$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Student Measurements' })).toBeVisible();
  await expect(page.getByText('No measurements recorded yet')).toBeVisible();
  // The Status Dashboard link is for administrators.
  await expect(page.getByRole('link', { name: 'Status Dashboard' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Record Measurement' }).click();
  await expect(page).toHaveURL(/\/measurements\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Record Measurement' })).toBeVisible();
  await expect(page.getByLabel('Measurement date')).not.toHaveValue('');

  await page.getByRole('button', { name: 'Save Measurement' }).click();
  await expect(page.getByText('Please select a student')).toBeVisible();
  await expect(page.getByText('Please enter height and weight')).toHaveCount(2);
  await expect(page).toHaveURL(/\/measurements\/create$/);

  await pickStudent(page, name);
  await page.getByLabel('Height (cm)').fill('102.5');
  await page.getByLabel('Weight (kg)').fill('0');
  await page.getByRole('button', { name: 'Save Measurement' }).click();
  await expect(page.getByText('Please enter height and weight')).toHaveCount(1);
  await page.getByLabel('Weight (kg)').fill('16.4');
  await typeDate(page.getByLabel('Measurement date'), day);
  await page.getByRole('radio', { name: 'Standing' }).check();
  await page.getByLabel('Notes').fill('Measured after the morning session.');
  await page.getByLabel('Photos', { exact: true }).setInputFiles([
    pngFile('scale.png', [
      [30, 140, 90],
      [230, 245, 235],
    ]),
  ]);
  await expect(page.getByRole('list', { name: 'Photos: 1 chosen' }).getByRole('img')).toHaveCount(1);
  await snapTop(page, 'measurements-create');

  await page.getByRole('button', { name: 'Save Measurement' }).click();
  await expect(page.getByText('Measurement recorded successfully!')).toBeVisible();
  // The new measurement's page opens, with its growth scores (this child has no sex recorded).
  await expect(page).toHaveURL(/\/measurements\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Measurement Details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Growth' })).toContainText('No sex recorded for this child');
  await page.getByRole('link', { name: 'Back to Measurements' }).click();
  await expect(page).toHaveURL(/\/measurements$/);

  const card = page.getByRole('listitem', { name: `${name}, ${shownDate(day)}` });
  await expect(card).toContainText('AG');
  await expect(card).toContainText('102.5 cm');
  await expect(card).toContainText('16.4 kg');
  await expect(card).toContainText(shownDate(day));
  await expect(card).toContainText(`${teacher.firstName} ${teacher.lastName}`);
  await expect(card).toContainText('Photo attached');
  await snapTop(page, 'measurements-list-teacher');

  const teacherToken = await tokenOf(request, teacher);
  const listed = await request.get(`/api/measurements?studentId=${student.id}`, auth(teacherToken));
  const [stored] = (await listed.json()) as MeasurementRecord[];
  expect(stored).toMatchObject({
    height: 102.5,
    weight: 16.4,
    date: day,
    notes: 'Measured after the morning session.',
    position: 'STANDING',
  });
  expect(stored.photos).toHaveLength(1);

  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/measurements/${stored.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Measurement Details' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Height' })).toContainText('102.5 cm');
  await expect(page.getByRole('group', { name: 'Weight' })).toContainText('16.4 kg');
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Standing');
  await expect(details).toContainText('Measured after the morning session.');
  const photo = page.getByRole('region', { name: 'Photos (1)' }).getByRole('img');
  await expect(photo).toHaveCount(1);
  await expectImageLoaded(photo);
  await snapTop(page, 'measurements-detail');

  // The student's page counts it.
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${student.id}$`));
  const stats = page.getByRole('region', { name: 'Quick Stats' });
  await expect(stats.getByRole('listitem').nth(1)).toHaveText(/Measurements\s*1/);
  await expect(stats).toContainText(`Latest measurement: 102.5 cm · 16.4 kg on ${shownDate(day)}`);
  await expect(stats.getByRole('link', { name: 'Record Activity' })).toBeVisible();
  await stats.getByRole('link', { name: 'Record Measurement' }).click();
  await expect(page).toHaveURL(new RegExp(`/measurements/create\\?studentId=${student.id}$`));
  await expect(page.getByRole('textbox', { name: 'Student', exact: true })).toHaveValue(name);

  await page.goto('/measurements/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Measurement not found.')).toBeVisible();
});

test('an administrator reads the status dashboard: counters, filters, 10 a page, cards on phones', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Status', lastName: uniqueWord() });
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;
  const make = (firstName: string) =>
    createStudent(request, token, { firstName, lastName: `Status${tag}`, assignedTeacherId: teacher.id });
  const overdue = await make('Olu');
  const dueSoon = await make('Dilini');
  const upToDate = await make('Uditha');
  const never = await make('Nadee');
  for (let i = 0; i < 8; i++) await make(`Extra${String.fromCharCode(97 + i)}`);
  // Measured every 2 months: 90 days ago is overdue, 50 days ago is due within 15 days. The days are
  // read once: the checks below must expect the dates recorded, even when midnight passes in between.
  const overdueDay = daysAgo(90);
  const dueSoonDay = daysAgo(50);
  await apiMeasure(request, token, overdue.id, daysAgo(120));
  await apiMeasure(request, token, overdue.id, overdueDay);
  await apiMeasure(request, token, dueSoon.id, dueSoonDay);
  await apiMeasure(request, token, upToDate.id, daysAgo(5), { height: 95.5, weight: 14.2 });

  await signIn(page, firstAdmin());
  await page.goto('/measurements');
  await expect(page.getByRole('heading', { level: 1, name: 'Measurement Management' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Measurements' })).toBeVisible();
  await snapTop(page, 'measurements-list-admin');
  await page.getByRole('link', { name: 'Status Dashboard' }).click();
  await expect(page).toHaveURL(/\/measurements\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Measurement Status' })).toBeVisible();

  // Counters cover the whole programme at first (other journeys add students meanwhile): at least ours.
  expect(await counter(page, 'Total Students')).toBeGreaterThanOrEqual(12);
  expect(await counter(page, 'Overdue')).toBeGreaterThanOrEqual(1);
  expect(await counter(page, 'Due Soon')).toBeGreaterThanOrEqual(1);
  expect(await counter(page, 'Up to Date')).toBeGreaterThanOrEqual(1);
  expect(await counter(page, 'Never Measured')).toBeGreaterThanOrEqual(9);

  // With a search the counters and the list are those of the matching students, in name order.
  await page.getByLabel('Search students').fill(tag);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(tag);
  await expect(page.getByText('Showing 1-10 of 12')).toBeVisible();
  await expect.poll(() => counter(page, 'Total Students')).toBe(12);
  expect(await counter(page, 'Up to Date')).toBe(1);
  expect(await counter(page, 'Due Soon')).toBe(1);
  expect(await counter(page, 'Overdue')).toBe(1);
  expect(await counter(page, 'Never Measured')).toBe(9);
  const table = page.getByRole('table', { name: 'Measurement status' });
  await expect(table.getByRole('row')).toHaveCount(11);
  const row = (s: { firstName: string; lastName: string }) =>
    table.getByRole('row', { name: new RegExp(`${s.firstName} ${s.lastName}`) });
  await expect(table.getByRole('row').nth(1)).toHaveAccessibleName(new RegExp(`^${dueSoon.firstName} `));
  await expect(row(dueSoon)).toContainText('Due Soon');
  // Days since counts to the organisation's today, which may already be tomorrow here.
  await expect(row(dueSoon)).toContainText(/5[01] days/);
  await expect(row(dueSoon)).toContainText(shownDate(dueSoonDay));
  await expect(row(dueSoon)).toContainText(teacherName);
  await expect(row(dueSoon)).toContainText('Center Base');
  await expect(row(never)).toContainText('Never Measured');
  await expect(row(never)).toContainText('Needs first measurement');
  await snapTop(page, 'measurements-status');

  // The cards at 360 px carry the same facts.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(table).toBeHidden();
  const cards = page.getByRole('list', { name: 'Measurement status' });
  await expect(cards.getByRole('listitem')).toHaveCount(10);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Filters: status and category, within the search.
  const status = page.getByLabel('Status', { exact: true });
  await status.selectOption({ label: 'Overdue' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row(overdue)).toContainText('Overdue');
  await expect(row(overdue)).toContainText(shownDate(overdueDay));
  await expect(row(overdue)).toContainText(/9[01] days/);
  await status.selectOption({ label: 'Up to Date' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row(upToDate)).toContainText('Up to Date');
  await expect(row(upToDate)).toContainText(/[56] days/);
  await status.selectOption({ label: 'Never Measured' });
  await expect(page.getByText('Showing 1-9 of 9')).toBeVisible();
  await expect(row(never)).toContainText('Never');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Home Base' });
  await expect(page.getByText('No students found')).toBeVisible();
  await expect.poll(() => counter(page, 'Total Students')).toBe(0);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Center Base' });
  await status.selectOption({ label: 'All statuses' });
  // By teacher (administrators).
  await page.getByLabel('Teacher', { exact: true }).selectOption({ label: teacherName });
  await expect(page.getByText('Showing 1-10 of 12')).toBeVisible();

  // Ten a page.
  await page.getByRole('button', { name: /^(Page )?2$/ }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
  await expect(page.getByText('Showing 11-12 of 12')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toHaveAccessibleName(new RegExp(`^${overdue.firstName} `));
  await expect(table.getByRole('row').nth(2)).toHaveAccessibleName(new RegExp(`^${upToDate.firstName} `));
  await table.getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/students\/[0-9a-f-]{36}$/);
});

test('a measurements list that cannot be loaded gives the page to the error and a refresh', async ({
  page,
}) => {
  await signIn(page, firstAdmin());
  let failing = true;
  await page.route(/\/api\/measurements\?/, (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Down' }),
        })
      : route.continue(),
  );
  await page.goto('/measurements');
  await expect(page.getByRole('heading', { level: 1, name: 'Failed to load measurements' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Measurement Management' })).toHaveCount(0);
  await snapTop(page, 'measurements-load-failure');
  failing = false;
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Measurement Management' })).toBeVisible();
});
