import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { daysAgo, shownDate } from '../support/dates.ts';
import { auth, expectImageLoaded, pickStudent, snapTop, typeDate } from '../support/forms.ts';
import { firstAdmin, signIn } from '../support/helpers.ts';
import { jpegFile, pngFile } from '../support/images.ts';
import {
  adminToken,
  createStudent,
  createTeacher,
  tokenOf,
  uniqueTag,
  uniqueWord,
} from '../support/seed-people.ts';

// Activities (spec part 1 §2 "Activities", §5 "Create activity"/"Edit activity", §6, §7, §8
// "Activities", §9) for both roles. Journeys run in parallel on one database: titles carry a unique tag
// and every list is searched for it.

interface ActivityRecord {
  id: string;
  title: string;
  date: string;
  duration: number;
  description: string | null;
  photos: string[];
  studentId: string;
  teacherId: string;
}

async function apiActivities(request: APIRequestContext, token: string, search: string) {
  const res = await request.get(`/api/activities?search=${encodeURIComponent(search)}`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ActivityRecord[];
}

const card = (page: Page, title: string) => page.getByRole('listitem', { name: title, exact: true });
const cards = (page: Page) => page.getByRole('list', { name: 'Activities' }).getByRole('listitem');

async function searchActivities(page: Page, text: string) {
  await page.getByLabel('Search activities').fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text || null);
}

/** The link of the first photo of the page's Photo Evidence. */
async function photoLink(page: Page): Promise<string> {
  const src = await page
    .getByRole('region', { name: /^Photo Evidence/ })
    .getByRole('img')
    .first()
    .getAttribute('src');
  expect(src).toMatch(/^\/api\/files\//);
  return src!;
}

/** Every photo in `scope` has been loaded and decoded (the signed links work). */
async function expectImagesLoaded(scope: Locator, count: number) {
  const images = scope.getByRole('img');
  await expect(images).toHaveCount(count);
  for (const img of await images.all()) await expectImageLoaded(img);
}

test('a teacher records an activity with photos, finds it, edits it and deletes it; an admin only looks', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Nimali', lastName: uniqueWord() });
  const other = await createTeacher(request, token, { firstName: 'Other', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Arun',
    lastName: `Painter${tag}`,
    assignedTeacherId: teacher.id,
  });
  const notMine = await createStudent(request, token, {
    firstName: 'Someone',
    lastName: `Else${tag}`,
    assignedTeacherId: other.id,
  });
  const studentName = `${student.firstName} ${student.lastName}`;
  const title = `Finger painting ${tag}`;
  const day = daysAgo(3);

  await signIn(page, teacher);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Activities' })
    .click();
  await expect(page).toHaveURL(/\/activities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
  await expect(page.getByText('No activities')).toBeVisible();

  // --- create ---------------------------------------------------------------------------------------
  await page.getByRole('link', { name: 'Record Activity' }).click();
  await expect(page).toHaveURL(/\/activities\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Record Activity' })).toBeVisible();
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('120');
  await expect(page.getByLabel('Activity date')).not.toHaveValue('');

  // Nothing filled, and the date cleared: the spec's messages, nothing sent.
  await page.getByRole('button', { name: 'Clear date' }).click();
  await page.getByRole('button', { name: 'Save Activity' }).click();
  await expect(page.getByText('Please enter an activity title')).toBeVisible();
  await expect(page.getByText('Please select a student')).toBeVisible();
  await expect(page.getByText('Please select an activity date')).toBeVisible();
  await expect(page).toHaveURL(/\/activities\/create$/);

  // The picker lists only the teacher's own students.
  const box = page.getByRole('textbox', { name: 'Student', exact: true });
  await box.click();
  await box.fill(`Else${tag}`);
  await expect(page.getByText('No students found')).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(notMine.lastName) })).toHaveCount(0);
  await box.fill('');
  await pickStudent(page, studentName);

  await page.getByLabel('Activity title').fill(title);
  await typeDate(page.getByLabel('Activity date'), day);
  await page.getByLabel('Duration (minutes)').fill('90');
  await page.getByLabel('Description').fill('The children painted the sea with their fingers.');
  const photos = page.getByLabel('Photos', { exact: true });
  await photos.setInputFiles([
    pngFile('sea.png', [
      [20, 110, 170],
      [240, 240, 250],
    ]),
    jpegFile('class.jpg'),
  ]);
  await photos.setInputFiles([
    pngFile('extra.png', [
      [200, 60, 60],
      [250, 220, 120],
    ]),
  ]);
  const previews = page.getByRole('list', { name: /^Photos: \d+ chosen$/ });
  await expect(previews.getByRole('img')).toHaveCount(3);
  // Removable before saving.
  await page.getByRole('button', { name: 'Remove extra.png' }).click();
  await expect(previews.getByRole('img')).toHaveCount(2);
  await expect(previews.getByRole('img', { name: 'sea.png' })).toBeVisible();
  await expect(previews.getByRole('img', { name: 'class.jpg' })).toBeVisible();
  // A file that is not an image is refused as it is picked.
  await photos.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
  await expect(page.getByText('Photos must be JPG, PNG, GIF or WebP images')).toBeVisible();
  await expect(previews.getByRole('img')).toHaveCount(2);
  await snapTop(page, 'activities-create');

  await page.getByRole('button', { name: 'Save Activity' }).click();
  await expect(page.getByText('Activity created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/activities$/);
  const [stored] = await apiActivities(request, await tokenOf(request, teacher), tag);
  expect(stored).toMatchObject({
    title,
    date: day,
    duration: 90,
    description: 'The children painted the sea with their fingers.',
    studentId: student.id,
    teacherId: teacher.id,
  });
  expect(stored.photos).toHaveLength(2);

  // --- find it: by search and by date ---------------------------------------------------------------
  await searchActivities(page, tag);
  await expect(cards(page)).toHaveCount(1);
  const found = card(page, title);
  await expect(found).toContainText('The children painted the sea');
  await expect(found).toContainText(shownDate(day));
  await expect(found).toContainText(studentName);
  await expect(found).toContainText(`${teacher.firstName} ${teacher.lastName}`);
  await expect(found.locator('img')).toHaveCount(1);
  await searchActivities(page, `nothing${tag}`);
  await expect(page.getByText('No activities')).toBeVisible();
  await searchActivities(page, '');
  const dateFilter = page.getByLabel('Activity date');
  await typeDate(dateFilter, day);
  await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(day);
  await expect(card(page, title)).toBeVisible();
  await typeDate(dateFilter, daysAgo(4));
  await expect(page.getByText('No activities')).toBeVisible();
  await typeDate(dateFilter, day);
  await searchActivities(page, tag);
  await expect(cards(page)).toHaveCount(1);
  await snapTop(page, 'activities-list');

  // --- details ----------------------------------------------------------------------------------------
  await card(page, title).getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/activities/${stored.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const evidence = page.getByRole('region', { name: 'Photo Evidence (2)' });
  await expectImagesLoaded(evidence, 2);
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('1 hour 30 min');
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await snapTop(page, 'activities-detail');

  // The student's page counts it and lists it as recent activity.
  await page.getByRole('link', { name: studentName }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${student.id}$`));
  await expect(page.getByRole('region', { name: 'Quick Stats' }).getByRole('listitem').first()).toHaveText(
    /Activities\s*1/,
  );
  await snapTop(page, 'activities-student-page');
  // From the student's page a new activity starts with the student chosen.
  await page.getByRole('link', { name: 'Record Activity' }).click();
  await expect(page).toHaveURL(new RegExp(`/activities/create\\?studentId=${student.id}$`));
  await expect(page.getByRole('textbox', { name: 'Student', exact: true })).toHaveValue(studentName);
  await page.goBack();
  await page.getByRole('region', { name: 'Recent Activity' }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/activities/${stored.id}$`));

  // --- edit: the student is fixed; one photo removed, one added --------------------------------------
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/activities/${stored.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Activity' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Student', exact: true })).toHaveValue(studentName);
  await expect(page.getByRole('textbox', { name: 'Student', exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByText('Student cannot be changed after activity creation')).toBeVisible();
  await expect(page.getByLabel('Activity title')).toHaveValue(title);
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('90');
  const editPreviews = page.getByRole('list', { name: /^Photos: \d+ chosen$/ });
  await expectImagesLoaded(editPreviews, 2);
  await page.getByRole('button', { name: 'Remove Photo 1' }).click();
  await page.getByLabel('Photos', { exact: true }).setInputFiles([
    pngFile('sunset.png', [
      [250, 140, 40],
      [120, 40, 120],
    ]),
  ]);
  await expect(editPreviews.getByRole('img')).toHaveCount(2);
  await page.getByLabel('Activity title').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please enter an activity title')).toBeVisible();
  const newTitle = `Sea painting ${tag}`;
  await page.getByLabel('Activity title').fill(newTitle);
  // An emptied description is not sent (spec part 1 §7): the stored one stays.
  await page.getByLabel('Description').fill('');
  await snapTop(page, 'activities-edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Activity updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/activities/${stored.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await expectImagesLoaded(page.getByRole('region', { name: 'Photo Evidence (2)' }), 2);
  const [edited] = await apiActivities(request, await tokenOf(request, teacher), tag);
  expect(edited).toMatchObject({
    title: newTitle,
    description: 'The children painted the sea with their fingers.',
  });
  expect(edited.photos).toHaveLength(2);
  const idOf = (link: string) => link.match(/\/api\/files\/([0-9a-f-]{36})/)?.[1];
  expect(idOf(edited.photos[0])).toBe(idOf(stored.photos[1]));
  expect(edited.photos.map(idOf)).not.toContain(idOf(stored.photos[0]));

  // --- an administrator sees it, with no Edit or Delete ----------------------------------------------
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signIn(admin, firstAdmin());
  await admin.goto('/activities');
  await expect(admin.getByRole('link', { name: 'Record Activity' })).toHaveCount(0);
  await searchActivities(admin, tag);
  await card(admin, newTitle).getByRole('link', { name: 'View Details' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await expectImagesLoaded(admin.getByRole('region', { name: 'Photo Evidence (2)' }), 2);
  const adminPhoto = await photoLink(admin);
  await expect(admin.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await snapTop(admin, 'activities-detail-admin');
  await admin.goto(`/activities/${stored.id}/edit`);
  await expect(admin.getByText('You can only edit your own activities.')).toBeVisible();
  await admin.goto('/activities/create');
  await expect(admin.getByRole('heading', { level: 1, name: 'Record Activity' })).toBeVisible();
  await expect(admin.getByText('Only teachers can record activities.')).toBeVisible();
  // A picture's link is its session's: once the administrator signs out it opens nothing, while the
  // teacher's own link (another session) still does.
  const teacherPhoto = await photoLink(page);
  expect((await request.get(adminPhoto)).status()).toBe(200);
  await admin.getByRole('button', { name: 'User menu' }).click();
  await admin.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(admin).toHaveURL(/\/login$/);
  expect((await request.get(adminPhoto)).status()).toBe(403);
  expect((await request.get(teacherPhoto)).status()).toBe(200);
  await adminContext.close();

  // --- delete through the confirmation ---------------------------------------------------------------
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Activity' });
  await expect(dialog).toContainText(newTitle);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  // A delete that gets no answer (the connection dropped): the dialog closes, a toast says so, and the
  // activity's page stays.
  const deleteRequest = `**/api/activities/${stored.id}`;
  await page.route(deleteRequest, (route) =>
    route.request().method() === 'DELETE' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Failed to delete activity')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/activities/${stored.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
  await page.unroute(deleteRequest);
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Activity deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/activities$/);
  await searchActivities(page, tag);
  await expect(page.getByText('No activities')).toBeVisible();
  await page.goto(`/activities/${stored.id}`);
  await expect(page.getByText('Activity not found.')).toBeVisible();
  // Nor does a deleted activity's photo open any more.
  expect((await request.get(teacherPhoto)).status()).toBe(404);
});

test('activities come 8 to a page from the server', async ({ page, request }) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Pager', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Kasun',
    lastName: `Paged${tag}`,
    assignedTeacherId: teacher.id,
  });
  const teacherToken = await tokenOf(request, teacher);
  // The days are read once, so the check below expects the date recorded even if midnight passes.
  const days = Array.from({ length: 11 }, (_, i) => daysAgo(i));
  for (let i = 1; i <= 10; i++) {
    const res = await request.post('/api/activities', {
      ...auth(teacherToken),
      data: {
        title: `Song ${String(i).padStart(2, '0')} ${tag}`,
        studentId: student.id,
        date: days[i],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signIn(page, teacher);
  await page.goto('/activities');
  await expect(page.getByText('Showing 1-8 of 10')).toBeVisible();
  await expect(cards(page)).toHaveCount(8);
  // Newest first: the first page ends with the eighth newest.
  await expect(cards(page).first()).toHaveAccessibleName(`Song 01 ${tag}`);
  await expect(cards(page).last()).toHaveAccessibleName(`Song 08 ${tag}`);
  await expect(cards(page).first()).toContainText(shownDate(days[1]));
  await page.getByRole('button', { name: /^(Page )?2$/ }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
  await expect(page.getByText('Showing 9-10 of 10')).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).last()).toHaveAccessibleName(`Song 10 ${tag}`);
  // No photo: the card shows a placeholder.
  await expect(cards(page).first().locator('img')).toHaveCount(0);
});
