import { expect, test, type Page } from '@playwright/test';
import { auth } from '../support/forms.ts';
import { firstAdmin, signIn, snap } from '../support/helpers.ts';
import { adminToken, createStudent, createTeacher, uniqueWord } from '../support/seed-people.ts';

// The audit trail (issue 11) as the first administrator: a student's History panel (created, then a
// first name changed through the API), its link to that record's events in /admin/audit, the whole
// trail filtered by record type and action with the filters in the address, and a teacher turned
// away from both. Journeys run in
// parallel on one database: events are found by unique names, never by counting.

const PAGE = '/admin/audit';

const history = (page: Page) => page.getByRole('region', { name: 'History' });
const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

test('an administrator reads a student’s history and finds the change in the trail; a teacher cannot', async ({
  page,
  request,
  browser,
}) => {
  // Two browsers, a dozen page loads and filters: more than the default minute when the run is busy.
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Auditee', lastName: uniqueWord() });
  const lastName = uniqueWord();
  const student = await createStudent(request, token, {
    firstName: 'Malar',
    lastName,
    assignedTeacherId: teacher.id,
  });
  const renamed = uniqueWord();
  const res = await request.patch(`/api/students/${student.id}`, {
    ...auth(token),
    data: { firstName: renamed },
  });
  expect(res.status(), await res.text()).toBe(200);

  // --- the student's page: History, newest first --------------------------------------------------
  await signIn(page, firstAdmin());
  await page.goto(`/students/${student.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${renamed} ${lastName}` })).toBeVisible();
  const panel = history(page);
  await expect(panel.getByRole('heading', { name: 'History' })).toBeVisible();
  const items = panel.locator('.mantine-Timeline-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Updated');
  await expect(items.first()).toContainText(`First name: ${renamed}`);
  await expect(items.first()).toContainText(firstAdmin().email);
  await expect(items.nth(1)).toContainText('Created');
  await expect(items.nth(1)).toContainText('First name: Malar');
  // The assigned teacher by name, not by id.
  await expect(items.nth(1)).toContainText(`Assigned teacher: Auditee ${teacher.lastName}`);
  await expect(panel).toContainText('Showing 1-2 of 2');
  await snap(page, 'audit-student-history');

  // --- History → this record's events in the trail (one record: immune to parallel journeys) ------
  await panel.getByRole('link', { name: 'Open in Audit Trail' }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\?entity=student&entityId=${student.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  await expect(page.getByText(`One record only: ${student.id.slice(0, 8)}`)).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(2);
  const row = page.getByRole('row').filter({ hasText: `First name: ${renamed}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Updated');
  await expect(row).toContainText(firstAdmin().email);
  const link = row.getByRole('link', { name: `Open Student ${student.id.slice(0, 8)}` });
  await expect(link).toHaveAttribute('href', `/students/${student.id}`);

  // Narrowing by action keeps the record: only the update is left.
  await page.getByLabel('Action').selectOption({ label: 'Updated' });
  await expect
    .poll(() => [param(page, 'entity'), param(page, 'entityId'), param(page, 'action')])
    .toEqual(['student', student.id, 'update']);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr')).toContainText(`First name: ${renamed}`);
  await snap(page, 'audit-trail-filtered');

  // The address keeps the filters: a reload shows the same view.
  await page.reload();
  await expect(page.getByLabel('Record type')).toHaveValue('student');
  await expect(page.getByLabel('Action')).toHaveValue('update');
  await expect(page.locator('tbody tr')).toHaveCount(1);

  // The record link opens the student.
  await page
    .getByRole('row')
    .filter({ hasText: `First name: ${renamed}` })
    .getByRole('link', { name: `Open Student ${student.id.slice(0, 8)}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/students/${student.id}$`));

  // --- the sidebar leads to the whole trail; filter Student + Updated, then reset --------------------
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Audit Trail' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByText('One record only')).toHaveCount(0);
  await page.getByLabel('Record type').selectOption({ label: 'Student' });
  await page.getByLabel('Action').selectOption({ label: 'Updated' });
  await expect
    .poll(() => [param(page, 'entity'), param(page, 'action'), param(page, 'page')])
    .toEqual(['student', 'update', null]);
  // At least our update exists; every row of the filtered page is a student update.
  // (Polled: the previous page's rows stay on screen, dimmed, until the filtered page arrives.)
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expect
    .poll(async () => {
      const texts = await page.locator('tbody tr').allInnerTexts();
      return texts.length > 0 && texts.every((t) => t.includes('Updated') && t.includes('Student'));
    })
    .toBe(true);

  // Reset Filters empties the address.
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await expect(page.getByLabel('Record type')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Reset Filters' })).toHaveCount(0);

  // --- a teacher: refused, and no History on their own student's page ------------------------------
  const teacherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tp = await teacherContext.newPage();
  try {
    await signIn(tp, teacher);
    await expect(
      tp.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit Trail' }),
    ).toHaveCount(0);
    await tp.goto(PAGE);
    await expect(tp.getByText('You do not have access to this page.')).toBeVisible();
    await expect(tp.getByRole('table')).toHaveCount(0);
    await snap(tp, 'audit-teacher-refused');
    await tp.goto(`/students/${student.id}`);
    await expect(tp.getByRole('heading', { level: 1, name: `${renamed} ${lastName}` })).toBeVisible();
    await expect(tp.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
    await expect(history(tp)).toHaveCount(0);
  } finally {
    await teacherContext.close();
  }
});

test('an administrator checks the trail and finds it whole', async ({ page, request }) => {
  // A write first, so the trail has at least one entry whoever runs before.
  const token = await adminToken(request);
  await createTeacher(request, token, { firstName: 'Checked', lastName: uniqueWord() });

  await signIn(page, firstAdmin());
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: 'Check the trail' }).click();
  // Other journeys write while this one checks: the count is theirs too, the verdict the same.
  const verdict = page.getByRole('status').filter({ hasText: 'The audit trail is whole' });
  await expect(verdict).toBeVisible();
  await expect(verdict).toContainText(/The audit trail is whole: [\d,]+ entr(y|ies) checked\./);
  await expect(verdict).toContainText('Every entry is as it was written');
  await expect(page.getByRole('alert').filter({ hasText: 'has been altered' })).toHaveCount(0);
  await snap(page, 'audit-trail-checked');
});
