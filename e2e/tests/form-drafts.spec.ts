import { expect, test, type Page } from '@playwright/test';
import { daysAgo } from '../support/dates.ts';
import { auth, pickStudent, snapTop, typeDate } from '../support/forms.ts';
import { firstAdmin, signIn, snap } from '../support/helpers.ts';
import {
  adminToken,
  createStudent,
  createTeacher,
  tokenOf,
  uniqueTag,
  uniqueWord,
} from '../support/seed-people.ts';

// What is typed into a new record's form is kept in the tab (decision 0025): a reload — or a phone's
// browser discarding the tab while the camera app takes a photo — brings it back; saving, Cancel, Discard
// and signing out forget it.

const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'Unsaved entries restored' });

test('a teacher’s half-filled measurement survives a reload, and is forgotten once saved', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Suba', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Mathi',
    lastName: `Draft${tag}`,
    assignedTeacherId: teacher.id,
  });
  const name = `${student.firstName} ${student.lastName}`;

  await signIn(page, teacher);
  await page.goto('/measurements/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Record Measurement' })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  await pickStudent(page, name);
  await page.getByLabel('Height (cm)').fill('101.3');
  await page.getByLabel('Notes').fill('Weighed before the rain');

  await page.reload();
  await expect(notice(page)).toBeVisible();
  await expect(notice(page)).toContainText('Photos are not kept: choose them again.');
  await expect(page.getByRole('textbox', { name: 'Student', exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Height (cm)')).toHaveValue('101.3');
  await expect(page.getByLabel('Notes')).toHaveValue('Weighed before the rain');
  await snapTop(page, 'form-draft-measurement');

  // Discard: the form starts over, and a reload keeps nothing.
  await notice(page).getByRole('button', { name: 'Discard' }).click();
  await expect(notice(page)).toHaveCount(0);
  await expect(page.getByLabel('Height (cm)')).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Record Measurement' })).toBeVisible();
  await expect(page.getByLabel('Notes')).toHaveValue('');
  await expect(notice(page)).toHaveCount(0);

  // Typed again, reloaded, completed and saved: the measurement is what was typed, the draft is gone.
  await pickStudent(page, name);
  await page.getByLabel('Height (cm)').fill('101.3');
  await page.getByLabel('Weight (kg)').fill('15.2');
  await typeDate(page.getByLabel('Measurement date'), daysAgo(1));
  await page.reload();
  await expect(notice(page)).toBeVisible();
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('15.2');
  await page.getByRole('button', { name: 'Save Measurement' }).click();
  await expect(page.getByText('Measurement recorded successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/measurements\/[0-9a-f-]{36}$/);
  const listed = await request.get(
    `/api/measurements?studentId=${student.id}`,
    auth(await tokenOf(request, teacher)),
  );
  expect(await listed.json()).toMatchObject([{ height: 101.3, weight: 15.2, date: daysAgo(1) }]);
  await page.goto('/measurements/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Record Measurement' })).toBeVisible();
  await expect(page.getByLabel('Height (cm)')).toHaveValue('');
  await expect(notice(page)).toHaveCount(0);
});

test('a teacher’s leave application draft goes on Cancel and on sign-out', async ({ page, request }) => {
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Vani', lastName: uniqueWord() });
  await signIn(page, teacher);
  await page.goto('/leaves/apply');
  const reason = page.getByLabel('Reason');
  await reason.fill('Family wedding in Trincomalee');
  await page.reload();
  await expect(notice(page)).toBeVisible();
  await expect(notice(page)).not.toContainText('Photos');
  await expect(reason).toHaveValue('Family wedding in Trincomalee');

  // Cancel forgets it.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/leaves$/);
  await page.goto('/leaves/apply');
  await expect(reason).toHaveValue('');
  await expect(notice(page)).toHaveCount(0);

  // Signing out forgets it: the next person on this phone finds an empty form.
  await reason.fill('Clinic visit with my mother');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const kept = await page.evaluate("Object.keys(sessionStorage).filter((key) => key.startsWith('draft:'))");
  expect(kept).toEqual([]);
  await signIn(page, teacher);
  await page.goto('/leaves/apply');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(reason).toHaveValue('');
  await expect(notice(page)).toHaveCount(0);
});

test('an administrator’s half-filled new student survives a reload', async ({ page }) => {
  const tag = uniqueTag();
  await signIn(page, firstAdmin());
  await page.goto('/students/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Student' })).toBeVisible();
  await page.getByLabel('Student ID').fill(`D${tag}`);
  await page.getByLabel('Category').selectOption('HOME_BASE');
  await page.getByLabel('First name').fill('Kavin');
  await page.getByLabel('Last name').fill(`Draft${tag}`);
  await page.reload();
  await expect(notice(page)).toBeVisible();
  await expect(page.getByLabel('Student ID')).toHaveValue(`D${tag}`);
  await expect(page.getByLabel('Category')).toHaveValue('HOME_BASE');
  await expect(page.getByLabel('Last name')).toHaveValue(`Draft${tag}`);
  await snapTop(page, 'form-draft-student');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/students$/);
  await page.goto('/students/create');
  await expect(page.getByLabel('Student ID')).toHaveValue('');
  await expect(notice(page)).toHaveCount(0);
});

test('a teacher’s unsaved changes to an activity survive a reload, put over a newer version', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Vani', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Kavin',
    lastName: `Edit${tag}`,
    assignedTeacherId: teacher.id,
  });
  const teacherAuth = auth(await tokenOf(request, teacher));
  const created = await request.post('/api/activities', {
    ...teacherAuth,
    data: { title: `Drawing ${tag}`, studentId: student.id, date: daysAgo(2), duration: 60 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const title = page.getByLabel('Activity title');

  await signIn(page, teacher);
  await page.goto(`/activities/${id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Activity' })).toBeVisible();
  await expect(title).toHaveValue(`Drawing ${tag}`);
  // Opened and reloaded untouched: nothing to restore.
  await page.reload();
  await expect(title).toHaveValue(`Drawing ${tag}`);
  await expect(notice(page)).toHaveCount(0);

  await title.fill(`Drawing by the well ${tag}`);
  await page.getByLabel('Duration (minutes)').fill('75');
  await page.reload();
  await expect(notice(page)).toBeVisible();
  await expect(title).toHaveValue(`Drawing by the well ${tag}`);
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('75');
  await snapTop(page, 'form-draft-activity-edit');

  // Discard: back to the record as stored.
  await notice(page).getByRole('button', { name: 'Discard' }).click();
  await expect(title).toHaveValue(`Drawing ${tag}`);
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('60');

  // Typed again; meanwhile the activity is changed from another phone. The draft was typed over the
  // older version, so the reload puts the typing over the newer one rather than undoing its change.
  await title.fill(`Typed on the bus ${tag}`);
  const elsewhere = await request.patch(`/api/activities/${id}`, {
    ...teacherAuth,
    data: { duration: 90 },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await page.reload();
  await expect(notice(page)).toContainText('over the changes someone else saved since');
  await expect(title).toHaveValue(`Typed on the bus ${tag}`);
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('90');

  // Typed, reloaded, saved: what was typed is stored, and the draft is gone.
  await title.fill(`Drawing the harbour ${tag}`);
  await page.reload();
  await expect(title).toHaveValue(`Drawing the harbour ${tag}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Activity updated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Drawing the harbour ${tag}` })).toBeVisible();
  const stored = await request.get(`/api/activities/${id}`, teacherAuth);
  expect(await stored.json()).toMatchObject({ title: `Drawing the harbour ${tag}`, duration: 90 });
  expect(
    await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('work:draft:'))),
  ).toEqual([]);
});

test('a session that ends mid-form keeps what was typed for the same person, and only for them', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Mala', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Ravi',
    lastName: `Expired${tag}`,
    assignedTeacherId: teacher.id,
  });
  const name = `${student.firstName} ${student.lastName}`;

  await signIn(page, teacher);
  await page.goto('/measurements/create');
  await pickStudent(page, name);
  await page.getByLabel('Height (cm)').fill('99.4');
  await page.getByLabel('Weight (kg)').fill('14.8');
  await typeDate(page.getByLabel('Measurement date'), daysAgo(1));

  // Meanwhile the session ends on the server (as when it expires, or is ended from another device).
  const sessionToken = await page.evaluate(() => localStorage.getItem('token'));
  const ended = await request.post('/api/auth/logout', auth(sessionToken ?? ''));
  expect(ended.status()).toBeLessThan(300);

  // Save: the server answers 401, and the app asks for a sign-in.
  await page.getByRole('button', { name: 'Save Measurement' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Your session has ended. Sign in again to go on where you left off.' }),
  ).toBeVisible();
  await snap(page, 'login-session-ended');

  // The same teacher signs in again: back on the form, with what was typed.
  await page.getByLabel('Email address').fill(teacher.email);
  await page.getByLabel('Password').fill(teacher.password);
  await page.getByRole('button', { name: 'Sign in to your account' }).click();
  await expect(page).toHaveURL(/\/measurements\/create$/);
  await expect(notice(page)).toBeVisible();
  await expect(page.getByLabel('Height (cm)')).toHaveValue('99.4');
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('14.8');
  await page.getByRole('button', { name: 'Save Measurement' }).click();
  await expect(page.getByText('Measurement recorded successfully!')).toBeVisible();
  const listed = await request.get(
    `/api/measurements?studentId=${student.id}`,
    auth(await tokenOf(request, teacher)),
  );
  expect(await listed.json()).toMatchObject([{ height: 99.4, weight: 14.8 }]);

  // Again, but someone else signs in on this phone: the typing is gone, and they start at the dashboard.
  await page.goto('/measurements/create');
  await pickStudent(page, name);
  await page.getByLabel('Height (cm)').fill('99.9');
  await page.getByLabel('Weight (kg)').fill('14.9');
  await page.getByLabel('Notes').fill('Not for the next person');
  const again = await page.evaluate(() => localStorage.getItem('token'));
  await request.post('/api/auth/logout', auth(again ?? ''));
  await page.getByRole('button', { name: 'Save Measurement' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const other = await createTeacher(request, token, { firstName: 'Other', lastName: uniqueWord() });
  await page.getByLabel('Email address').fill(other.email);
  await page.getByLabel('Password').fill(other.password);
  await page.getByRole('button', { name: 'Sign in to your account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(
    await page.evaluate(() =>
      Object.entries(sessionStorage).filter(([k]) => k.startsWith('work:') && k !== 'work:owner'),
    ),
  ).toEqual([]);
});
