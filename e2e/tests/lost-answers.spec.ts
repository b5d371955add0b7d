import { expect, test, type Page, type Route } from '@playwright/test';
import { daysAgo } from '../support/dates.ts';
import { auth, pickStudent, snapTop, typeDate } from '../support/forms.ts';
import { firstAdmin, signIn } from '../support/helpers.ts';
import {
  adminToken,
  createStudent,
  createTeacher,
  tokenOf,
  uniqueTag,
  uniqueWord,
} from '../support/seed-people.ts';

const KEPT_ON_PHONE = 'Saved on this phone — it will be sent when you are online';

// A phone loses the answer to "Save" after the server wrote the record (decision 0024): the app sends
// the same request again with the same Idempotency-Key, by itself once and then from its outbox (a
// record a teacher may make offline) or when Save is pressed again, and the server answers with the
// record it made instead of making a second one.

/**
 * Lets the first `drops` POSTs to `path` reach the server and be carried out, then cuts their answers
 * off as a dropped connection does; later ones pass. Answers the Idempotency-Key each POST carried.
 */
async function dropAnswers(page: Page, path: string, drops: number): Promise<string[]> {
  const keys: string[] = [];
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      keys.push(request.headers()['idempotency-key'] ?? '');
      if (keys.length > drops) return route.continue();
      const answer = await route.fetch(); // the server carries it out...
      expect(answer.status()).toBe(201);
      await route.abort('connectionreset'); // ...and the phone never hears of it
    },
  );
  return keys;
}

test('a teacher’s measurement whose answers were lost is recorded once', async ({ page, request }) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Malini', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: 'Ishan',
    lastName: `Lost${tag}`,
    assignedTeacherId: teacher.id,
  });
  const name = `${student.firstName} ${student.lastName}`;

  await signIn(page, teacher);
  await page.goto('/measurements/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Record Measurement' })).toBeVisible();
  await pickStudent(page, name);
  await page.getByLabel('Height (cm)').fill('98.2');
  await page.getByLabel('Weight (kg)').fill('14.6');
  await typeDate(page.getByLabel('Measurement date'), daysAgo(1));

  // The answer is lost twice: once to the Save, once to the app's own resend a second later. The
  // phone cannot know whether the server wrote it, so it keeps the measurement in its outbox with the
  // key those requests carried (issue 47) and sends it again from there: the server answers with the
  // measurement it recorded the first time.
  const keys = await dropAnswers(page, '/api/measurements', 2);
  await page.getByRole('button', { name: 'Save Measurement' }).click();
  await expect(page.getByText(KEPT_ON_PHONE).first()).toBeVisible();
  await expect(page).toHaveURL(/\/measurements$/);
  await snapTop(page, 'lost-answer-measurement');
  await expect.poll(() => keys.length).toBe(3);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  // Sent: nothing waits any more, and the list shows the one measurement.
  await expect(page.getByRole('region', { name: 'Waiting to send' })).toHaveCount(0);
  await expect(page.getByRole('main').getByText(name).first()).toBeVisible();

  const listed = await request.get(
    `/api/measurements?studentId=${student.id}`,
    auth(await tokenOf(request, teacher)),
  );
  const stored = (await listed.json()) as { id: string; height: number; weight: number }[];
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ height: 98.2, weight: 14.6 });
});

test('an administrator’s new student whose answer was lost is created once', async ({ page, request }) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const studentId = `L${tag}`;

  await signIn(page, firstAdmin());
  await page.goto('/students/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Student' })).toBeVisible();
  await page.getByLabel('Student ID').fill(studentId);
  await page.getByLabel('Category').selectOption('CENTER_BASE');
  await page.getByLabel('First name').fill('Revathi');
  await page.getByLabel('Last name').fill(`Lost${tag}`);
  await typeDate(page.getByLabel('Date of birth'), daysAgo(4 * 365 + 30));

  // The first answer is lost; the app sends the request once more by itself. Without the key, the
  // second request would have been refused: the Student ID was already taken by the first.
  const keys = await dropAnswers(page, '/api/students', 1);
  await page.getByRole('button', { name: 'Create Student' }).click();
  await expect(page.getByText('Student created successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/students$/);
  await expect(page.getByText('A student with this student ID already exists')).toHaveCount(0);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);

  const found = await request.get(`/api/students?search=${encodeURIComponent(studentId)}`, auth(token));
  const students = (await found.json()) as { studentId: string; firstName: string }[];
  expect(students.filter((s) => s.studentId === studentId)).toHaveLength(1);
  await snapTop(page, 'lost-answer-student');
});
