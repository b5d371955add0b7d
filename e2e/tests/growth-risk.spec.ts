import { expect, test, type Page } from '@playwright/test';
import { daysAgo } from '../support/dates.ts';
import { snapTop } from '../support/forms.ts';
import { firstAdmin, signIn } from '../support/helpers.ts';
import { adminToken, createStudent, createTeacher, uniqueTag, uniqueWord } from '../support/seed-people.ts';

// Growth monitoring (issue 12): a teacher records a wasted, underweight one-year-old; the measurement's
// page shows the WHO classifications and z-scores; the dashboard's 'Children at risk' lists the child
// and filters by condition; an administrator sees the child with the teacher's name on the status page;
// another teacher never sees the child; deleting the measurement takes the child off the list.
// Journeys run in parallel on one database: names carry a unique tag.

/** The 'Children at risk' panel of the page. */
const riskPanel = (page: Page) => page.getByRole('region', { name: 'Children at risk' });

test('a wasted child is flagged, listed at risk for the right people, and leaves the list on delete', async ({
  page,
  browser,
  request,
}) => {
  // A long journey (two sign-ins, two measurement pages, an accessibility check per screenshot), slower
  // still beside the whole suite on a two-core machine.
  test.setTimeout(300_000);
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Growth', lastName: uniqueWord() });
  const other = await createTeacher(request, token, { firstName: 'Other', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Ravi',
    lastName: `Risk${tag}`,
    assignedTeacherId: teacher.id,
    category: 'HOME_BASE',
    dateOfBirth: daysAgo(365),
  });
  const name = `${student.firstName} ${student.lastName}`;
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;

  // An administrator records the child's sex on the edit form (the growth scores need it).
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signIn(admin, firstAdmin());
  await admin.goto(`/students/${student.id}/edit`);
  const sex = admin.getByLabel('Sex', { exact: true });
  await expect(sex).toHaveValue('');
  await expect(sex.locator('option')).toHaveText(['Not recorded', 'Male', 'Female']);
  await sex.selectOption({ label: 'Male' });
  await snapTop(admin, 'growth-student-edit');
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin).toHaveURL(new RegExp(`/students/${student.id}$`));
  const info = admin.getByRole('region', { name: 'Student Information' });
  await expect(info.getByText('Sex', { exact: true })).toBeVisible();
  await expect(info).toContainText('Male');

  // The teacher records 7.5 kg and 75 cm; a one-year-old is measured lying, which the form suggests.
  await signIn(page, teacher);
  await page.goto(`/measurements/create?studentId=${student.id}`);
  await expect(page.getByRole('textbox', { name: 'Student', exact: true })).toHaveValue(name);
  await expect(page.getByRole('radio', { name: 'Lying (length)' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Standing (height)' })).not.toBeChecked();
  // The suggestion can be changed, and changed back.
  await page.getByRole('radio', { name: 'Standing (height)' }).check();
  await expect(page.getByRole('radio', { name: 'Lying (length)' })).not.toBeChecked();
  await page.getByRole('radio', { name: 'Lying (length)' }).check();
  await page.getByLabel('Height (cm)').fill('75');
  await page.getByLabel('Weight (kg)').fill('7.5');
  await snapTop(page, 'growth-measurement-create');
  await page.getByRole('button', { name: 'Save Measurement' }).click();
  await expect(page.getByText('Measurement recorded successfully!')).toBeVisible();

  // The new measurement's page: the classifications and the four scores.
  await expect(page).toHaveURL(/\/measurements\/[0-9a-f-]{36}$/);
  const measurementUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Measurement Details' })).toBeVisible();
  await expect(page.getByText('Wasting', { exact: true })).toBeVisible();
  await expect(page.getByText('Underweight', { exact: true })).toBeVisible();
  const growth = page.getByRole('region', { name: 'Growth' });
  await expect(growth).toContainText('z-scores against the WHO Child Growth Standards');
  for (const label of [
    'Weight-for-age',
    'Length/height-for-age',
    'Weight-for-length/height',
    'BMI-for-age',
  ]) {
    await expect(growth.getByText(label, { exact: true })).toBeVisible();
  }
  // Weight-for-length 7.5 kg at 75 cm (boys): −2.98, with a real minus sign.
  await expect(growth).toContainText('\u22122.98');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Lying (length)');
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await snapTop(page, 'growth-measurement-detail');

  // The list's card carries the badges.
  await page.getByRole('link', { name: 'Back to Measurements' }).click();
  const card = page.getByRole('listitem', { name: new RegExp(`^${name}, `) });
  await expect(card).toContainText('Wasting');
  await expect(card).toContainText('Underweight');
  await snapTop(page, 'growth-measurements-list');

  // The dashboard lists the child; 'Wasting' keeps them, 'Stunting' drops them.
  await page.goto('/dashboard');
  const panel = riskPanel(page);
  const row = panel.getByRole('listitem', { name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Wasting');
  await expect(row).toContainText('Underweight');
  // A teacher's list has no teacher names: they are all theirs.
  await expect(row).not.toContainText(teacherName);
  await expect(panel.getByRole('link', { name: /View all/ })).toHaveAttribute(
    'href',
    '/measurements/status?risk=all',
  );
  await panel.getByRole('button', { name: 'Wasting', exact: true }).click();
  await expect(row).toBeVisible();
  await expect(panel.getByRole('link', { name: /View all/ })).toHaveAttribute(
    'href',
    '/measurements/status?risk=wasting',
  );
  await snapTop(page, 'growth-dashboard-teacher');
  await panel.getByRole('button', { name: 'Stunting', exact: true }).click();
  await expect(row).toHaveCount(0);
  await expect(panel.getByText('No children at risk')).toBeVisible();
  await expect(panel).toContainText('No child’s latest measurement shows stunting.');
  await panel.getByRole('button', { name: 'All', exact: true }).click();
  await expect(row).toBeVisible();
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${student.id}$`));

  // An administrator sees the child with the teacher's name on the status page; the filter is kept in
  // the address.
  await admin.goto('/measurements/status?risk=all');
  await expect(admin.getByRole('heading', { level: 1, name: 'Measurement Status' })).toBeVisible();
  const adminPanel = riskPanel(admin);
  const adminRow = adminPanel.getByRole('listitem', { name });
  await expect(adminRow).toContainText(`Teacher: ${teacherName}`);
  await expect(adminRow).toContainText('Wasting');
  await adminPanel.getByRole('button', { name: 'Underweight', exact: true }).click();
  await expect.poll(() => new URL(admin.url()).searchParams.get('risk')).toBe('underweight');
  await expect(adminRow).toBeVisible();
  await admin.reload();
  await expect(adminPanel.getByRole('button', { name: 'Underweight', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(adminRow).toBeVisible();
  // The status list above keeps working.
  await admin.getByLabel('Search students').fill(tag);
  await expect(admin.getByRole('table', { name: 'Measurement status' }).getByRole('row')).toHaveCount(2);
  await snapTop(admin, 'growth-status-admin');
  // Administrators may delete any measurement.
  await admin.goto(measurementUrl);
  await expect(admin.getByRole('button', { name: 'Delete' })).toBeVisible();

  // Another teacher never sees the child.
  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const otherPage = await otherContext.newPage();
  await signIn(otherPage, other);
  const otherPanel = riskPanel(otherPage);
  await expect(otherPanel.getByText('No children at risk')).toBeVisible();
  await expect(otherPage.getByText(name)).toHaveCount(0);
  await otherPage.goto('/measurements/status?risk=wasting');
  await expect(riskPanel(otherPage).getByText('No children at risk')).toBeVisible();
  await expect(otherPage.getByText(name)).toHaveCount(0);
  await otherContext.close();

  // The teacher who recorded it deletes it: a confirmation, a toast, back to the list.
  await page.goto(measurementUrl);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Measurement' });
  await expect(dialog).toContainText(
    'This measurement will be removed from the child’s growth record. An administrator can restore it from Deleted Records.',
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await snapTop(page, 'growth-delete-dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Measurement deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/measurements$/);
  await expect(page.getByRole('listitem', { name: new RegExp(`^${name}, `) })).toHaveCount(0);

  // The child leaves the list, for the teacher and the administrator.
  await page.goto('/dashboard');
  await expect(riskPanel(page).getByText('No children at risk')).toBeVisible();
  await expect(riskPanel(page).getByRole('listitem', { name })).toHaveCount(0);
  await admin.goto('/measurements/status?risk=all');
  await expect(riskPanel(admin).getByRole('heading', { name: 'Children at risk' })).toBeVisible();
  await expect(riskPanel(admin).getByRole('status', { name: 'Loading children at risk' })).toHaveCount(0);
  await expect(riskPanel(admin).getByRole('listitem', { name })).toHaveCount(0);
  await adminContext.close();
});
