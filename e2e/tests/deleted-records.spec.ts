import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { daysAgo, shownDate } from '../support/dates.ts';
import { auth } from '../support/forms.ts';
import { firstAdmin, screenshotDir, signIn, snap } from '../support/helpers.ts';
import {
  adminToken,
  createStudent,
  createTeacher,
  createUser,
  tokenOf,
  uniqueTag,
  uniqueWord,
} from '../support/seed-people.ts';

// Deleted records (spec part 2 §2.7, §4 'Soft deletion', §5 'Permanent delete', §8; decision 0010) as the
// first administrator: the five tabs with their counts, restore with a plain confirmation, Delete Forever
// with a warning and DELETE typed, the 409 reason of a restore a rule forbids, and a teacher turned away.
// Journeys run in parallel on one database: records are found by unique names, never by counting a
// whole tab (only the measurements tab is certainly empty: no route deletes a measurement).

const PAGE = '/admin/deleted-records';
/** A home-base student is one or two years old (the server moves three-year-olds to the centre). */
const TODDLER_BIRTHDAY = `${new Date().getFullYear() - 2}-01-15`;

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });
/** A record's row in the wide table (its name is in its first cell). */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Opens a tab; the address names it (?tab=students), except the first (Users). */
async function openTab(page: Page, label: string, param?: string) {
  await tab(page, label).click();
  await expect(tab(page, label)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe(param ?? null);
}

async function apiDelete(request: APIRequestContext, token: string, path: string) {
  const res = await request.delete(`/api${path}`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
}

async function apiRestore(request: APIRequestContext, token: string, path: string) {
  const res = await request.post(`/api${path}/restore`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
}

async function deletedIds(request: APIRequestContext, token: string, kind: string): Promise<string[]> {
  const res = await request.get(`/api/${kind}/deleted/list?page=1&limit=100`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }[]).map((r) => r.id);
}

async function recordActivity(
  request: APIRequestContext,
  teacherToken: string,
  fields: { title: string; studentId: string; date: string; duration: number },
): Promise<string> {
  const res = await request.post('/api/activities', { ...auth(teacherToken), data: fields });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A teacher (unique name) holding one home-base toddler (unique name). */
async function teacherWithStudent(request: APIRequestContext, token: string, first: string) {
  const teacher = await createTeacher(request, token, { firstName: first, lastName: uniqueWord() });
  const tag = uniqueTag();
  const studentId = `DR-${tag}`;
  const student = await createStudent(request, token, {
    firstName: 'Malar',
    lastName: `Gone${tag}`,
    studentId,
    category: 'HOME_BASE',
    dateOfBirth: TODDLER_BIRTHDAY,
    assignedTeacherId: teacher.id,
  });
  const name = `${student.firstName} ${student.lastName}`;
  return { teacher, student: { ...student, studentId, name }, tag };
}

/** Opens the Delete Forever warning of a record, goes on, and types `text` into the prompt. */
async function deleteForever(page: Page, record: Locator, noun: string, text: string) {
  await record.getByRole('button', { name: 'Delete Forever' }).click();
  const warning = page.getByRole('dialog', { name: `Delete ${noun} forever?` });
  await expect(warning).toContainText('This cannot be undone.');
  await warning.getByRole('button', { name: 'Continue' }).click();
  await expect(warning).toBeHidden();
  const prompt = page.getByRole('dialog', { name: 'Confirm permanent deletion' });
  const field = prompt.getByLabel('Type DELETE to confirm');
  await expect(field).toBeFocused();
  await field.fill(text);
  return prompt;
}

test('restores a deleted student with their activity; deletes one forever only with DELETE typed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const { teacher, student, tag } = await teacherWithStudent(request, token, 'Keeper');
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;
  const activity = `Story time ${tag}`;
  const activityId = await recordActivity(request, await tokenOf(request, teacher), {
    title: activity,
    studentId: student.id,
    date: daysAgo(2),
    duration: 45,
  });

  // --- the admin deletes the student on their page ---------------------------------------------------
  await signIn(page, firstAdmin());
  await page.goto(`/students/${student.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Student' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Student deleted successfully')).toBeVisible();

  // --- the Students tab lists it with its id, category and teacher -----------------------------------
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Deleted records' })
    .click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Deleted Records' })).toBeVisible();
  for (const label of ['Users', 'Students', 'Activities', 'Measurements', 'Home Visits']) {
    await expect(tab(page, label)).toBeVisible();
  }
  await expect(tab(page, 'Users')).toHaveAttribute('aria-selected', 'true');
  // Each tab carries its count; at least this student is among the deleted ones.
  await expect(tab(page, 'Students')).toHaveAccessibleName(/^Students \d+$/);
  await openTab(page, 'Students', 'students');
  for (const name of ['Name', 'Student ID', 'Category', 'Assigned teacher', 'Deleted']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  const listed = row(page, student.name);
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(student.studentId);
  await expect(listed).toContainText('HOME BASE');
  await expect(listed).toContainText(teacherName);
  await expect(listed).toContainText(String(new Date().getFullYear()));
  await snap(page, 'deleted-records-students');

  // --- Restore: a plain confirmation, then it leaves the tab -----------------------------------------
  await listed.getByRole('button', { name: 'Restore' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore student' });
  await expect(confirm).toContainText(`Restore ${student.name}?`);
  await expect(confirm).toContainText('Their activities, measurements, home visits and gifts come back');
  await snap(page, 'deleted-records-restore-dialog');
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Student restored successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row(page, student.name)).toHaveCount(0);

  // The student's page works again, with the activity that was hidden with them.
  await page.goto(`/students/${student.id}`);
  await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recent Activity' }).getByRole('link', { name: activity }),
  ).toBeVisible();

  // --- deleted again, then Delete Forever: a mistyped confirmation cancels ---------------------------
  await apiDelete(request, token, `/students/${student.id}`);
  await page.goto(`${PAGE}?tab=students`);
  await expect(tab(page, 'Students')).toHaveAttribute('aria-selected', 'true');
  let prompt = await deleteForever(page, row(page, student.name), 'student', 'delete');
  await prompt.getByRole('button', { name: 'Delete Forever' }).click();
  await expect(toast(page, 'Permanent deletion cancelled - confirmation text did not match')).toBeVisible();
  await expect(prompt).toBeHidden();
  await expect(row(page, student.name)).toHaveCount(1);
  expect(await deletedIds(request, token, 'students')).toContain(student.id);

  // The warning says what goes with the student.
  await row(page, student.name).getByRole('button', { name: 'Delete Forever' }).click();
  const warning = page.getByRole('dialog', { name: 'Delete student forever?' });
  await expect(warning).toContainText(`${student.name} will be deleted permanently. This cannot be undone.`);
  await expect(warning).toContainText('Their activities, measurements, home visits and gifts go with them');
  await snap(page, 'deleted-records-forever-warning');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();

  // --- … and DELETE deletes it for good --------------------------------------------------------------
  prompt = await deleteForever(page, row(page, student.name), 'student', 'DELETE');
  await snap(page, 'deleted-records-forever-prompt');
  await prompt.getByRole('button', { name: 'Delete Forever' }).click();
  await expect(toast(page, 'Student permanently deleted successfully')).toBeVisible();
  await expect(row(page, student.name)).toHaveCount(0);
  expect(await deletedIds(request, token, 'students')).not.toContain(student.id);
  const gone = await request.get(`/api/students/${student.id}`, auth(token));
  expect(gone.status()).toBe(404);
  // Its activity went with it.
  expect((await request.get(`/api/activities/${activityId}`, auth(token))).status()).toBe(404);
});

test('a teacher deletes their own home visit and the admin restores it from Home Visits', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const { teacher, student } = await teacherWithStudent(request, token, 'Visitor');
  const teacherToken = await tokenOf(request, teacher);
  const day = daysAgo(3);
  const created = await request.post('/api/home-visits', {
    ...auth(teacherToken),
    data: { studentId: student.id, date: day, duration: 75, notes: 'Met the grandmother' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const visit = (await created.json()) as { id: string };

  // The teacher deletes it; the confirmation says an administrator can bring it back.
  await signIn(page, teacher);
  await page.goto(`/home-visits/${visit.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Home Visit' });
  await expect(confirm).toContainText('An administrator can restore it from the Deleted Records page.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Home visit deleted successfully')).toBeVisible();
  expect((await request.get(`/api/home-visits/${visit.id}`, auth(teacherToken))).status()).toBe(404);

  // Teachers are turned away from the deleted records.
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Deleted Records' })).toBeVisible();
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);

  // The admin finds it under Home Visits and restores it.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signIn(admin, firstAdmin());
  await admin.goto(PAGE);
  await openTab(admin, 'Home Visits', 'home-visits');
  for (const name of ['Student', 'Visit date', 'Duration', 'Status', 'Teacher', 'Deleted']) {
    await expect(admin.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  const listed = row(admin, student.name);
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(student.studentId);
  await expect(listed).toContainText(shownDate(day));
  await expect(listed).toContainText('75 min');
  await expect(listed).toContainText('Pending Review');
  await expect(listed).toContainText(`${teacher.firstName} ${teacher.lastName}`);
  await snap(admin, 'deleted-records-home-visits');
  await listed.getByRole('button', { name: 'Restore' }).click();
  await admin
    .getByRole('dialog', { name: 'Restore home visit' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(toast(admin, 'Home visit restored successfully')).toBeVisible();
  await expect(row(admin, student.name)).toHaveCount(0);
  await adminContext.close();
  const back = await request.get(`/api/home-visits/${visit.id}`, auth(teacherToken));
  expect(back.status(), await back.text()).toBe(200);
});

test('an activity whose student is deleted cannot be restored until the student is', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const { teacher, student, tag } = await teacherWithStudent(request, token, 'Painter');
  const teacherToken = await tokenOf(request, teacher);
  const title = `Finger painting ${tag}`;
  const day = daysAgo(5);
  const id = await recordActivity(request, teacherToken, {
    title,
    studentId: student.id,
    date: day,
    duration: 50,
  });
  await apiDelete(request, teacherToken, `/activities/${id}`);
  await apiDelete(request, token, `/students/${student.id}`);

  await signIn(page, firstAdmin());
  await page.goto(`${PAGE}?tab=activities`);
  await expect(tab(page, 'Activities')).toHaveAttribute('aria-selected', 'true');
  for (const name of ['Title', 'Student', 'Date', 'Duration', 'Teacher', 'Deleted']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  const listed = row(page, title);
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`${student.name} (${student.studentId})`);
  await expect(listed).toContainText(shownDate(day));
  await expect(listed).toContainText('50 min');
  await expect(listed).toContainText(`${teacher.firstName} ${teacher.lastName}`);

  // The server's reason shows beneath the fixed message, and the activity stays listed.
  await listed.getByRole('button', { name: 'Restore' }).click();
  await page
    .getByRole('dialog', { name: 'Restore activity' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(toast(page, 'Failed to restore activity')).toBeVisible();
  await expect(
    toast(page, 'Restore the student first: this record belongs to a deleted student'),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await snap(page, 'deleted-records-restore-refused');
  await expect(row(page, title)).toHaveCount(1);

  // Once the student is back, the activity can follow.
  await apiRestore(request, token, `/students/${student.id}`);
  await row(page, title).getByRole('button', { name: 'Restore' }).click();
  await page
    .getByRole('dialog', { name: 'Restore activity' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(toast(page, 'Activity restored successfully')).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
  const back = await request.get(`/api/activities/${id}`, auth(teacherToken));
  expect(back.status(), await back.text()).toBe(200);
});

test('a deleted user shows under Users and can be restored; the pages go 10 at a time', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const word = uniqueWord();
  // Eleven deleted users, so that the Users tab has at least two pages.
  const users = [];
  for (const letter of 'abcdefghijk') {
    const user = await createUser(request, token, { firstName: 'Gone', lastName: `${word}${letter}` });
    await apiDelete(request, token, `/users/${user.id}`);
    users.push(user);
  }
  const newest = users.at(-1)!;
  const res = await request.post('/api/auth/login', {
    data: { email: newest.email, password: newest.password },
  });
  expect(res.status()).not.toBe(200);

  await signIn(page, firstAdmin());
  await page.goto(PAGE);
  await expect(tab(page, 'Users')).toHaveAttribute('aria-selected', 'true');
  for (const name of ['Name', 'Email', 'Role', 'Deleted']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  const listed = row(page, newest.email);
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`Gone ${word}k`);
  await expect(listed).toContainText('Teacher');
  await snap(page, 'deleted-records-users');

  // Ten a page, with the project's pager; the page lives in the address.
  const pager = page.getByRole('navigation', { name: 'Deleted user pages' });
  await expect(pager).toContainText('Showing 1-10 of');
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
  await expect(pager).toContainText(/Showing 11-\d+ of/);
  // Another tab starts at its first page.
  await openTab(page, 'Students', 'students');
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  await openTab(page, 'Users');
  expect(new URL(page.url()).search).toBe('');

  await row(page, newest.email).getByRole('button', { name: 'Restore' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore user' });
  await expect(confirm).toContainText(`Restore Gone ${word}k?`);
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'User restored successfully')).toBeVisible();
  await expect(row(page, newest.email)).toHaveCount(0);
  // They can sign in again.
  await tokenOf(request, newest);
});

test('an empty tab says so; the tabs stay usable on a phone', async ({ page, request }) => {
  const token = await adminToken(request);
  const deleted = await createUser(request, token, { firstName: 'Phone', lastName: uniqueWord() });
  await apiDelete(request, token, `/users/${deleted.id}`);

  await signIn(page, firstAdmin());
  await page.goto(PAGE);
  // No route deletes a measurement yet, so this tab is empty for certain.
  await openTab(page, 'Measurements', 'measurements');
  await expect(tab(page, 'Measurements')).toHaveAccessibleName('Measurements 0');
  await expect(page.getByRole('heading', { name: 'No deleted measurements' })).toBeVisible();
  await expect(page.getByText('All measurements are active.', { exact: true })).toBeVisible();
  await snap(page, 'deleted-records-empty');

  // On a phone each record is a card with the same facts and buttons.
  await page.setViewportSize({ width: 360, height: 740 });
  await openTab(page, 'Users');
  const name = `${deleted.firstName} ${deleted.lastName}`;
  const card = page.getByRole('listitem', { name, exact: true });
  await expect(card).toContainText(deleted.email);
  await expect(card.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete Forever' })).toBeVisible();
  const prompt = await deleteForever(page, card, 'user', 'DELETE');
  await page.screenshot({ path: path.join(screenshotDir, 'deleted-records-phone-prompt.png') });
  await prompt.getByRole('button', { name: 'Delete Forever' }).click();
  await expect(toast(page, 'User permanently deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await deletedIds(request, token, 'users')).not.toContain(deleted.id);
});
