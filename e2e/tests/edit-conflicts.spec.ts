import { expect, test, type Page } from '@playwright/test';
import { daysAgo } from '../support/dates.ts';
import { auth } from '../support/forms.ts';
import { firstAdmin, loseFirstAnswer, signIn, snap } from '../support/helpers.ts';
import {
  adminToken,
  createStudent,
  createTeacher,
  createUser,
  tokenOf,
  uniqueTag,
  uniqueWord,
} from '../support/seed-people.ts';

// An edit names the version of the record it was made over (decision 0027). When someone else saved the
// record in the meantime, the save is refused rather than undoing their changes, and the form shows
// their version with the person's own changes on top, to check and save again.

const conflictNotice = (page: Page) => page.getByRole('alert').filter({ hasText: 'Changed by someone else' });

test('a teacher’s edit over an activity changed from their other phone keeps both changes', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Yalini', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Nila',
    lastName: `Merge${tag}`,
    assignedTeacherId: teacher.id,
  });
  const teacherAuth = auth(await tokenOf(request, teacher));
  const created = await request.post('/api/activities', {
    ...teacherAuth,
    data: { title: `Clay ${tag}`, studentId: student.id, date: daysAgo(2), duration: 60 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const title = page.getByLabel('Activity title');
  const duration = page.getByLabel('Duration (minutes)');

  await signIn(page, teacher);
  await page.goto(`/activities/${id}/edit`);
  await expect(title).toHaveValue(`Clay ${tag}`);
  await title.fill(`Clay pots ${tag}`);

  // Meanwhile, from the teacher's other phone: a longer duration and a description.
  const elsewhere = await request.patch(`/api/activities/${id}`, {
    ...teacherAuth,
    data: { duration: 90, description: `Fired in the oven ${tag}` },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(conflictNotice(page)).toBeVisible();
  await expect(conflictNotice(page)).toContainText(
    'The form now shows their version with your changes on top.',
  );
  await expect(title).toHaveValue(`Clay pots ${tag}`);
  await expect(duration).toHaveValue('90');
  await expect(page.getByLabel('Description')).toHaveValue(`Fired in the oven ${tag}`);
  await expect(page).toHaveURL(new RegExp(`/activities/${id}/edit$`));
  // Nothing of the refused save was stored.
  const between = await request.get(`/api/activities/${id}`, teacherAuth);
  expect(await between.json()).toMatchObject({ title: `Clay ${tag}`, duration: 90 });
  await snap(page, 'edit-conflict-activity');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Activity updated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Clay pots ${tag}` })).toBeVisible();
  const stored = await request.get(`/api/activities/${id}`, teacherAuth);
  expect(await stored.json()).toMatchObject({
    title: `Clay pots ${tag}`,
    duration: 90,
    description: `Fired in the oven ${tag}`,
  });
});

test('a save whose answer was lost, pressed again, is found saved rather than refused', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Kumar', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Arun',
    lastName: `Lost${tag}`,
    assignedTeacherId: teacher.id,
  });
  const teacherAuth = auth(await tokenOf(request, teacher));
  const created = await request.post('/api/activities', {
    ...teacherAuth,
    data: { title: `Songs ${tag}`, studentId: student.id, date: daysAgo(1), duration: 30 },
  });
  const { id } = (await created.json()) as { id: string };

  await signIn(page, teacher);
  await page.goto(`/activities/${id}/edit`);
  await page.getByLabel('Activity title').fill(`Songs and rhymes ${tag}`);
  // The first save reaches the server, but its answer never comes back.
  const lost = await loseFirstAnswer(page, `**/api/activities/${id}`, 'PATCH');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update activity')).toBeVisible();
  const landed = await request.get(`/api/activities/${id}`, teacherAuth);
  expect(await landed.json()).toMatchObject({ title: `Songs and rhymes ${tag}` });

  // Pressed again: the server refuses the old version, the app finds the change already there.
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Activity updated successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Songs and rhymes ${tag}` })).toBeVisible();
  expect(lost()).toBe(1);
});

test('an administrator’s edits of a student and of a user never undo what others saved meanwhile', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Selvi', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Mathi',
    lastName: `Both${tag}`,
    assignedTeacherId: teacher.id,
  });
  const admin = await createUser(request, token, {
    role: 'ADMIN',
    firstName: 'Usha',
    lastName: uniqueWord(),
  });

  await signIn(page, admin);
  await page.goto(`/students/${student.id}/edit`);
  await expect(page.getByLabel('Last name')).toHaveValue(`Both${tag}`);
  await page.getByLabel('Last name').fill(`Both-Changed${tag}`);
  // The teacher names the home meanwhile.
  const byTeacher = await request.patch(`/api/students/${student.id}`, {
    ...auth(await tokenOf(request, teacher)),
    data: { homeLocationName: `By the school ${tag}` },
  });
  expect(byTeacher.status(), await byTeacher.text()).toBe(200);
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected alert: ${dialog.message()}`);
  });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(conflictNotice(page)).toBeVisible();
  await expect(page.getByLabel('Home location name')).toHaveValue(`By the school ${tag}`);
  await expect(page.getByLabel('Last name')).toHaveValue(`Both-Changed${tag}`);
  await snap(page, 'edit-conflict-student');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Student updated successfully!')).toBeVisible();
  const savedStudent = await request.get(`/api/students/${student.id}`, auth(token));
  expect(await savedStudent.json()).toMatchObject({
    lastName: `Both-Changed${tag}`,
    homeLocationName: `By the school ${tag}`,
  });

  // The teacher's account: another administrator gives a phone number while this one renames them.
  await page.goto(`/users/${teacher.id}/edit`);
  await expect(page.getByLabel('First name')).toHaveValue('Selvi');
  await page.getByLabel('First name').fill('Selvamani');
  const byOtherAdmin = await request.patch(`/api/users/${teacher.id}`, {
    ...auth(token),
    data: { phone: '0771234567' },
  });
  expect(byOtherAdmin.status(), await byOtherAdmin.text()).toBe(200);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(conflictNotice(page)).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('0771234567');
  await expect(page.getByLabel('First name')).toHaveValue('Selvamani');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully!')).toBeVisible();
  const savedUser = await request.get(`/api/users/${teacher.id}`, auth(token));
  expect(await savedUser.json()).toMatchObject({ firstName: 'Selvamani', phone: '0771234567' });
});

test('an administrator never approves a visit the teacher changed after it was opened for review', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Malar', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Kavi',
    lastName: `Review${tag}`,
    assignedTeacherId: teacher.id,
    category: 'HOME_BASE',
  });
  const teacherAuth = auth(await tokenOf(request, teacher));
  // Recorded without a place: it waits for a person's review.
  const created = await request.post('/api/home-visits', {
    ...teacherAuth,
    data: {
      studentId: student.id,
      date: daysAgo(1),
      duration: 40,
      notes: `Met the mother ${tag}`,
      photos: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await signIn(page, firstAdmin());
  await page.goto(`/home-visits/review?search=${encodeURIComponent(student.lastName)}`);
  const queue = page.getByRole('list', { name: 'Visits to review' });
  const card = queue.locator(':scope > li');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`Met the mother ${tag}`);

  // The teacher corrects the notes while the administrator reads the old ones.
  const edit = await request.patch(`/api/home-visits/${id}`, {
    ...teacherAuth,
    data: { notes: `Met both parents ${tag}` },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve Home Visit' });
  await approve.getByLabel('Review notes').fill(`Good visit ${tag}`);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('This record was changed by someone else after you opened it.')).toBeVisible();
  await expect(approve).toHaveCount(0);
  // The queue shows the visit as it is now, still waiting.
  await expect(card).toContainText(`Met both parents ${tag}`);
  const waiting = await request.get(`/api/home-visits/${id}`, auth(token));
  expect(await waiting.json()).toMatchObject({ status: 'PENDING', reviewedAt: null, reviewNotes: null });
  await snap(page, 'edit-conflict-review');

  // Opened again after reading the change, the review has the notes typed before.
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(approve.getByLabel('Review notes')).toHaveValue(`Good visit ${tag}`);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Home visit approved successfully')).toBeVisible();
  const approved = await request.get(`/api/home-visits/${id}`, auth(token));
  expect(await approved.json()).toMatchObject({
    status: 'APPROVED',
    notes: `Met both parents ${tag}`,
    reviewNotes: `Good visit ${tag}`,
  });
});

test('a teacher never delivers a gift an administrator changed after the teacher opened it', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Nirmala', lastName: uniqueWord() });
  // The gift is assigned by the student's programme ID.
  await createStudent(request, token, {
    firstName: 'Sara',
    lastName: `Gift${tag}`,
    assignedTeacherId: teacher.id,
    studentId: `GV-${tag}`,
  });
  const assigned = await request.post('/api/gifts/bulk-assign', {
    ...auth(token),
    data: {
      gifts: [
        {
          studentId: `GV-${tag}`,
          giftId: `GV-G-${tag}`,
          globalSponsorId: 'GS-1',
          giftSubType: 'School bag',
          giftDate: daysAgo(1),
          giftStatus: 'PENDING',
        },
      ],
    },
  });
  expect(assigned.status(), await assigned.text()).toBe(201);
  const [id] = ((await assigned.json()) as { ids: string[] }).ids;

  await signIn(page, teacher);
  await page.goto(`/gifts/${id}`);
  const actions = page.getByRole('region', { name: 'Actions', exact: true });
  await expect(actions.getByRole('button', { name: 'Confirm Delivery' })).toBeVisible();
  await expect(page.getByText('School bag', { exact: true }).first()).toBeVisible();

  // The administrator changes the gift while the teacher has it open.
  const edit = await request.patch(`/api/gifts/${id}`, {
    ...auth(token),
    data: { giftSubType: 'School bag and shoes' },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  await actions.getByRole('button', { name: 'Confirm Delivery' }).click();
  await expect(page.getByText('This record was changed by someone else after you opened it.')).toBeVisible();
  // The page shows the gift as it is now, still open.
  await expect(page.getByText('School bag and shoes', { exact: true }).first()).toBeVisible();
  const open = await request.get(`/api/gifts/${id}`, auth(token));
  expect(await open.json()).toMatchObject({ status: 'PENDING', deliveredAt: null });
  await snap(page, 'edit-conflict-gift-delivery');

  await actions.getByRole('button', { name: 'Confirm Delivery' }).click();
  await expect(page.getByText('Gift status updated successfully!')).toBeVisible();
  const delivered = await request.get(`/api/gifts/${id}`, auth(token));
  expect(await delivered.json()).toMatchObject({ status: 'DELIVERED', giftSubType: 'School bag and shoes' });
});

test('a delete whose answer was lost, pressed again, leaves the page of the record that is gone', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Revathi', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Ilan',
    lastName: `Gone${tag}`,
    assignedTeacherId: teacher.id,
  });
  const teacherAuth = auth(await tokenOf(request, teacher));
  const created = await request.post('/api/activities', {
    ...teacherAuth,
    data: { title: `Puzzles ${tag}`, studentId: student.id, date: daysAgo(1), duration: 30 },
  });
  const { id } = (await created.json()) as { id: string };

  await signIn(page, teacher);
  await page.goto(`/activities/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Puzzles ${tag}` })).toBeVisible();
  // The delete reaches the server, but its answer never comes back.
  const lost = await loseFirstAnswer(page, `**/api/activities/${id}`, 'DELETE');
  const dialog = page.getByRole('dialog', { name: 'Delete Activity' });
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Failed to delete activity')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/activities/${id}$`));
  expect((await request.get(`/api/activities/${id}`, teacherAuth)).status()).toBe(404);

  // Pressed again: the activity is gone, and so is its page.
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Activity not found.')).toBeVisible();
  await expect(page).toHaveURL(/\/activities$/);
  expect(lost()).toBe(1);
});

test('a Baby Born conversion never writes back a mother’s record changed since it was opened', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Nirmala', lastName: uniqueWord() });
  const teacherAuth = auth(await tokenOf(request, teacher));
  const mother = async (lastName: string) => {
    const res = await request.post('/api/students', {
      ...auth(token),
      data: {
        studentId: `BB-${lastName}`,
        firstName: 'Kavitha',
        lastName,
        category: 'SURVIVAL_PROGRAM',
        dateOfBirth: daysAgo(0),
        isPregnant: true,
        age: 27,
        pregnancyMonths: 8,
        parentPhone: '0771112222',
        assignedTeacherId: teacher.id,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const changed = await mother(`Changed${tag}`);
  const lostAnswer = await mother(`Lost${tag}`);
  const birth = (id: string) => request.get(`/api/students/${id}`, auth(token));

  await signIn(page, firstAdmin());
  await page.goto(`/students/${changed}`);
  await expect(page.getByRole('heading', { level: 1, name: `Kavitha Changed${tag}` })).toBeVisible();
  // The teacher corrects the family's phone while the page is open.
  const byTeacher = await request.patch(`/api/students/${changed}`, {
    ...teacherAuth,
    data: { parentPhone: '0779998888' },
  });
  expect(byTeacher.status(), await byTeacher.text()).toBe(200);
  const dialog = page.getByRole('dialog', { name: 'Baby Born' });
  await page.getByRole('button', { name: 'Baby Born' }).click();
  await dialog.getByRole('button', { name: 'Confirm Birth' }).click();
  await expect(
    page.getByText('This record was changed by someone else after you opened it.', { exact: false }),
  ).toBeVisible();
  // Nothing was converted, and the page now shows the teacher's phone.
  expect(await (await birth(changed)).json()).toMatchObject({ isBabyBorn: false, parentPhone: '0779998888' });
  await expect(page.getByRole('link', { name: '0779998888' })).toBeVisible();
  await snap(page, 'baby-born-stale');
  await page.getByRole('button', { name: 'Baby Born' }).click();
  await dialog.getByRole('button', { name: 'Confirm Birth' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${changed}/edit$`));
  expect(await (await birth(changed)).json()).toMatchObject({ isBabyBorn: true, parentPhone: '0779998888' });

  // A conversion whose answer never came back, confirmed again, is found recorded rather than refused.
  await page.goto(`/students/${lostAnswer}`);
  await expect(page.getByRole('heading', { level: 1, name: `Kavitha Lost${tag}` })).toBeVisible();
  const lost = await loseFirstAnswer(page, `**/api/students/${lostAnswer}`, 'PATCH');
  await page.getByRole('button', { name: 'Baby Born' }).click();
  await dialog.getByRole('button', { name: 'Confirm Birth' }).click();
  await expect(page.getByText('Failed to convert to baby record. Please try again.')).toBeVisible();
  expect(await (await birth(lostAnswer)).json()).toMatchObject({ isBabyBorn: true });
  await page.getByRole('button', { name: 'Baby Born' }).click();
  await dialog.getByRole('button', { name: 'Confirm Birth' }).click();
  await expect(page.getByText("Baby's birth recorded. Please enter the baby's name.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/students/${lostAnswer}/edit$`));
  expect(lost()).toBe(1);
});

test('a teacher’s own profile edit never writes back a phone an administrator changed meanwhile', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Revathi', lastName: uniqueWord() });
  await signIn(page, teacher);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Last name')).toHaveValue(teacher.lastName);
  // The office records the teacher's new phone while the form is open.
  const byAdmin = await request.patch(`/api/users/${teacher.id}`, {
    ...auth(token),
    data: { phone: '0775550000' },
  });
  expect(byAdmin.status(), await byAdmin.text()).toBe(200);
  let sent: unknown;
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().endsWith('/api/auth/profile')) sent = r.postDataJSON();
  });
  await page.getByLabel('Last name').fill(`${teacher.lastName}-Raj`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  expect(sent).toEqual({ lastName: `${teacher.lastName}-Raj` });
  const saved = await request.get(`/api/users/${teacher.id}`, auth(token));
  expect(await saved.json()).toMatchObject({ lastName: `${teacher.lastName}-Raj`, phone: '0775550000' });
});
