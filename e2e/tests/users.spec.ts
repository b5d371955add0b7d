import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { firstAdmin, signIn, snap, uniqueEmail, type Account } from '../support/helpers.ts';
import { adminToken, createStudent, createUser as seedUser } from '../support/seed-people.ts';

// Users administration (spec part 1 §2 "Users", §4, §5 create/edit user, §8 "Users"), as the first
// administrator. Tests run in parallel on one database: every name and email is unique, and no test
// counts the whole table.

/** A short unique word for names that a search can find exactly. */
const tag = () =>
  `${Date.now().toString(36).slice(-4)}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 4)}`;

/** Creates an active user through POST /api/users as the first administrator. */
const createUser = (request: APIRequestContext, token: string, fields: Partial<Account> = {}) =>
  seedUser(request, token, { firstName: 'Tara', lastName: `Field${tag()}`, ...fields });

function yearsAgo(years: number, extraDays = 30): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
}

/** The table row (wide screens) of the user with this email. */
const row = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

async function searchUsers(page: Page, text: string) {
  await page.getByLabel('Search users').fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/[.+]/g, '\\$&')}`));
}

test('creates a teacher through the form, then finds them by name, by email and by role', async ({
  page,
}) => {
  const t = tag();
  const teacher = { firstName: 'Nadia', lastName: `Perera${t}`, email: uniqueEmail(`nadia.${t}`) };
  await signIn(page, firstAdmin());
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  for (const name of ['User', 'Role', 'Students', 'Status', 'Created']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  await snap(page, 'users-list');

  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();
  await snap(page, 'users-create');
  await page.getByLabel('First name').fill(teacher.firstName);
  await page.getByLabel('Last name').fill(teacher.lastName);
  await page.getByLabel('Email').fill(teacher.email);
  await page.getByLabel('Phone').fill('+94 77 123 4567');
  await page.getByLabel('Role').selectOption('TEACHER');
  await page.getByLabel('Password').fill('teach-pass-1');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);

  // By name: a teacher with no students reads 0/25 and is Active.
  await searchUsers(page, teacher.lastName);
  const r = row(page, teacher.email);
  await expect(r).toHaveCount(1);
  await expect(r).toContainText(`${teacher.firstName} ${teacher.lastName}`);
  await expect(r.getByRole('cell').nth(1)).toHaveText('Teacher');
  await expect(r.getByRole('cell').nth(2)).toHaveText('0/25');
  await expect(r.getByRole('cell').nth(3)).toHaveText('Active');
  await expect(r.getByRole('link', { name: 'View' })).toBeVisible();

  // By email (a different search that still finds exactly this teacher).
  await searchUsers(page, teacher.email);
  await expect(row(page, teacher.email)).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2); // header + the teacher

  // Role filter: Teacher keeps them, Admin hides them.
  await page.getByLabel('Role').selectOption({ label: 'Teacher' });
  await expect(page).toHaveURL(/role=TEACHER/);
  await expect(row(page, teacher.email)).toHaveCount(1);
  await page.getByLabel('Role').selectOption({ label: 'Admin' });
  await expect(page).toHaveURL(/role=ADMIN/);
  await expect(page.getByText('No users found.')).toBeVisible();
  await snap(page, 'users-list-empty');

  // An admin shows a dash in the Students column.
  const admin = firstAdmin();
  await searchUsers(page, admin.email);
  const adminRow = row(page, admin.email);
  await expect(adminRow.getByRole('cell').nth(1)).toHaveText('Admin');
  await expect(adminRow.getByRole('cell').nth(2)).toHaveText('—');
  await page.getByLabel('Role').selectOption({ label: 'All Roles' });
  await expect(page).not.toHaveURL(/role=/);

  // On a phone the list is cards, and the card opens the detail.
  await searchUsers(page, teacher.lastName);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('table')).toBeHidden();
  const card = page.getByRole('listitem', { name: `${teacher.firstName} ${teacher.lastName}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('0/25');
  await expect(card).toContainText('Active');
  await card.getByRole('link', { name: 'View' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${teacher.firstName} ${teacher.lastName}` }),
  ).toBeVisible();
  await expect(page.getByText('+94 77 123 4567', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assigned Students (0/25)' })).toBeVisible();
});

test('pages through the list on the server, ten at a time', async ({ page, request }) => {
  const token = await adminToken(request);
  const family = `Pager${tag()}`;
  await Promise.all(
    Array.from({ length: 11 }, (_, i) =>
      createUser(request, token, { firstName: `P${String(i).padStart(2, '0')}`, lastName: family }),
    ),
  );
  await signIn(page, firstAdmin());
  await page.goto(`/users?search=${family}`);
  await expect(page.getByText('Showing 1-10 of 11')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await snap(page, 'users-list-paged');
  await page
    .getByRole('navigation', { name: 'User pages' })
    .getByRole('button', { name: 'Page 2', exact: true })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Showing 11-11 of 11')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(`P10 ${family}`);
});

test('edits a teacher; an inactive teacher cannot sign in until re-activated', async ({
  page,
  request,
  browser,
}) => {
  const token = await adminToken(request);
  const teacher = await createUser(request, token, { firstName: 'Ishara' });
  await signIn(page, firstAdmin());
  await page.goto(`/users/${teacher.id}`);
  const fullName = `${teacher.firstName} ${teacher.lastName}`;
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await expect(page.getByText(teacher.email, { exact: true })).toBeVisible();
  await expect(page.getByText('Not provided')).toBeVisible();
  await snap(page, 'users-detail');

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${teacher.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(teacher.firstName);
  await expect(page.getByLabel('Email')).toHaveValue(teacher.email);
  await expect(page.getByLabel('Role')).toHaveValue('TEACHER');
  await expect(page.getByLabel('Password')).toHaveCount(0);
  const active = page.getByRole('checkbox', { name: 'Active User' });
  await expect(active).toBeChecked();
  await snap(page, 'users-edit');

  await page.getByLabel('Phone').fill('011 234 5678');
  await active.uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/users/${teacher.id}$`));
  // The phone on the page, and the change in the History panel below it.
  await expect(page.getByText('011 234 5678', { exact: true })).toBeVisible();
  await expect(page.getByText('Phone: 011 234 5678', { exact: true })).toBeVisible();
  await expect(page.getByText('Inactive').first()).toBeVisible();

  await page.goto(`/users?search=${encodeURIComponent(teacher.email)}`);
  await expect(row(page, teacher.email).getByRole('cell').nth(3)).toHaveText('Inactive');

  // The deactivated teacher is refused at the login page.
  const other = await browser.newContext();
  const teacherPage = await other.newPage();
  teacherPage.on('dialog', (d) => void d.accept());
  await teacherPage.goto('/login');
  await teacherPage.getByLabel('Email address').fill(teacher.email);
  await teacherPage.getByLabel('Password').fill(teacher.password);
  await teacherPage.getByRole('button', { name: 'Sign in to your account' }).click();
  await expect(
    teacherPage.getByRole('alert').filter({ hasText: 'Account disabled. Contact administrator.' }),
  ).toBeVisible();

  // Re-activate; the teacher signs in again.
  await page.goto(`/users/${teacher.id}/edit`);
  await expect(active).not.toBeChecked();
  await active.check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/users/${teacher.id}$`));
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await signIn(teacherPage, teacher);
  await other.close();
});

test("a teacher's page lists their assigned students with age and category", async ({ page, request }) => {
  const token = await adminToken(request);
  const teacher = await createUser(request, token, { firstName: 'Malini' });
  const t = tag();
  const first = await createStudent(request, token, {
    firstName: 'Kavi',
    lastName: `Baby${t}`,
    dateOfBirth: yearsAgo(0, 60),
    category: 'SURVIVAL_PROGRAM',
    assignedTeacherId: teacher.id,
  });
  await createStudent(request, token, {
    firstName: 'Ravi',
    lastName: `Child${t}`,
    dateOfBirth: yearsAgo(4),
    category: 'CENTER_BASE',
    assignedTeacherId: teacher.id,
  });
  await signIn(page, firstAdmin());
  await page.goto(`/users?search=${encodeURIComponent(teacher.email)}`);
  await expect(row(page, teacher.email).getByRole('cell').nth(2)).toHaveText('2/25');
  await row(page, teacher.email).getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${teacher.id}$`));
  await expect(page.getByRole('heading', { name: 'Assigned Students (2/25)' })).toBeVisible();
  const baby = page.getByRole('listitem').filter({ hasText: `Kavi Baby${t}` });
  await expect(baby).toContainText('Age 0 years');
  await expect(baby).toContainText('Survival Program');
  const child = page.getByRole('listitem').filter({ hasText: `Ravi Child${t}` });
  await expect(child).toContainText('Age 4 years');
  await expect(child).toContainText('Center Base');
  await snap(page, 'users-detail-teacher');
  await baby.getByRole('link', { name: `Kavi Baby${t}` }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${first.id}$`));
});

test('deletes a user after the confirmation; one’s own page has no Delete', async ({ page, request }) => {
  const token = await adminToken(request);
  const teacher = await createUser(request, token, { firstName: 'Dilan' });
  await signIn(page, firstAdmin());
  await page.goto(`/users/${teacher.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete User' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${teacher.firstName} ${teacher.lastName}`);
  await snap(page, 'users-delete-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/users/${teacher.id}$`));

  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await searchUsers(page, teacher.email);
  await expect(page.getByText('No users found.')).toBeVisible();
  // The deleted user's page now says so.
  await page.goto(`/users/${teacher.id}`);
  await expect(page.getByText('User not found.')).toBeVisible();

  // One's own account: Edit, but no Delete.
  const admin = firstAdmin();
  await page.goto(`/users?search=${encodeURIComponent(admin.email)}`);
  await row(page, admin.email).getByRole('link', { name: 'View' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${admin.firstName} ${admin.lastName}` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('the create form shows the spec’s messages and the server’s duplicate-email message', async ({
  page,
}) => {
  await signIn(page, firstAdmin());
  await page.goto('/users/create');
  await page.getByRole('button', { name: 'Create User' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Email is required',
    'Role is required',
    'Password is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/users\/create$/);

  await page.getByLabel('First name').fill('Dup');
  await page.getByLabel('Last name').fill('Licate');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Role').selectOption('TEACHER');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('Invalid email address', { exact: true })).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await snap(page, 'users-create-errors');

  // Valid on the client, refused by the server: the server's message is shown and the form stays.
  await page.getByLabel('Email').fill(firstAdmin().email);
  await page.getByLabel('Password').fill('long-enough-1');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('An account with this email already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/create$/);
});

test('a missing user shows "User not found." on the detail and edit pages', async ({ page }) => {
  await signIn(page, firstAdmin());
  const missing = '00000000-0000-4000-8000-000000000000';
  await page.goto(`/users/${missing}`);
  await expect(page.getByText('User not found.')).toBeVisible();
  await page.goto(`/users/${missing}/edit`);
  await expect(page.getByText('User not found.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveCount(0);
});

test('a teacher has no Users entry and sees a friendly note at /users', async ({ page, request }) => {
  const token = await adminToken(request);
  const teacher = await createUser(request, token, { firstName: 'Sunil' });
  await signIn(page, teacher);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Students' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  for (const path of ['/users', '/users/create', `/users/${teacher.id}`, `/users/${teacher.id}/edit`]) {
    await page.goto(path);
    await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await snap(page, 'users-teacher-no-access');
});
