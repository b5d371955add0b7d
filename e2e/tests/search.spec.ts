import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { firstAdmin, screenshotDir, signIn } from '../support/helpers.ts';
import { adminToken, createStudent, createTeacher, uniqueWord } from '../support/seed-people.ts';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });
/** 'Searching...' and 'No results found' are announced as a status next to the (then hidden) list. */
const searchStatus = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('an administrator finds a teacher and a student from the top bar', async ({ page, request }) => {
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Ruwan', lastName: uniqueWord() });
  const student = await createStudent(request, token, {
    firstName: uniqueWord(),
    lastName: 'Searchable',
    assignedTeacherId: teacher.id,
  });

  await signIn(page, firstAdmin());
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search teachers and students...');

  // Part of the teacher's unique last name: one Teacher result, opening /users/{id}. The searches wait
  // until 'Searching...' has been seen: on a busy machine it could come and go between two looks.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  const searches = /\/api\/(users|students)\?.*search=/;
  await page.route(searches, async (route) => {
    await held;
    await route.continue();
  });
  await searchBox(page).fill(teacher.lastName.slice(0, -1).toLowerCase());
  await expect(page.getByText('Searching...')).toBeVisible();
  answer();
  const teacherOption = page.getByRole('option', { name: new RegExp(`Ruwan ${teacher.lastName}`) });
  await expect(teacherOption).toContainText('Teacher');
  await expect(page.getByRole('option')).toHaveCount(1);
  // Only now, with both held searches answered: unrouting while a handler still waits lets Playwright
  // continue its request first, and the handler's own continue then fails ("Route is already handled").
  await page.unroute(searches);
  await page.screenshot({ path: path.join(screenshotDir, 'search-admin-desktop.png') });
  await expectNoA11yViolations(page, 'search results open');
  await teacherOption.click();
  await expect(page).toHaveURL(new RegExp(`/users/${teacher.id}$`));
  await expect(searchBox(page)).toHaveValue('');

  // A student by name, chosen with the keyboard.
  await searchBox(page).fill(student.firstName);
  const studentOption = page.getByRole('option', { name: new RegExp(`${student.firstName} Searchable`) });
  await expect(studentOption).toContainText('Student');
  await expect(page.getByRole('option')).toHaveCount(1);
  await searchBox(page).press('ArrowDown');
  await expect(studentOption).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/students/${student.id}$`));

  // Nothing matches.
  await searchBox(page).fill('qqxzv-nothing-here');
  await expect(searchStatus(page, 'No results found')).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
  await expectNoA11yViolations(page, 'search without results');

  // On a phone: both kinds of result in the full-width search; Escape on an empty box closes it.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Open search' }).click();
  await searchBox(page).fill(teacher.lastName);
  await expect(page.getByRole('option', { name: new RegExp(`Ruwan ${teacher.lastName}`) })).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'search-admin-phone.png') });
  await expectNoA11yViolations(page, 'phone search results open');
  await searchBox(page).fill('');
  await searchBox(page).press('Escape');
  await expect(searchBox(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open search' })).toBeFocused();
});

test('blank text sends nothing and a failing search clears the results silently', async ({ page }) => {
  await signIn(page, firstAdmin());
  const searches: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(users|students)\?.*search=/.test(r.url())) searches.push(r.url());
  });
  await searchBox(page).fill('   ');
  await page.waitForTimeout(700);
  expect(searches).toEqual([]);
  await expect(page.getByText('Searching...')).toHaveCount(0);

  await page.route(/\/api\/students\?/, (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, error: 'Server Error', message: 'Search broke' } }),
  );
  await searchBox(page).fill('anything');
  await expect(searchStatus(page, 'No results found')).toBeVisible();
  expect(searches.length).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  await expect(page.getByText('Search broke')).toHaveCount(0);
});

test('a teacher finds only their own students, also on a phone', async ({ page, request }) => {
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Sitha', lastName: uniqueWord() });
  const other = await createTeacher(request, token, { firstName: 'Other', lastName: uniqueWord() });
  const word = uniqueWord();
  const own = await createStudent(request, token, {
    firstName: `${word}own`,
    lastName: 'Pupil',
    assignedTeacherId: teacher.id,
  });
  const theirs = await createStudent(request, token, {
    firstName: `${word}other`,
    lastName: 'Pupil',
    assignedTeacherId: other.id,
  });

  await signIn(page, teacher);
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search your students...');
  // The shared part of both names finds only the teacher's own student.
  await searchBox(page).fill(word);
  await expect(page.getByRole('option', { name: new RegExp(`${own.firstName} Pupil`) })).toContainText(
    'Student',
  );
  await expect(page.getByRole('option')).toHaveCount(1);
  await searchBox(page).fill(theirs.firstName);
  await expect(searchStatus(page, 'No results found')).toBeVisible();
  // Nor are teachers searched.
  await searchBox(page).fill(other.lastName);
  await expect(searchStatus(page, 'No results found')).toBeVisible();

  // On a phone the search opens from an icon over the top bar.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(searchBox(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open search' }).click();
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill(own.firstName);
  const option = page.getByRole('option', { name: new RegExp(`${own.firstName} Pupil`) });
  await expect(option).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'search-teacher-phone.png') });
  await expectNoA11yViolations(page, 'phone search results open');
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/students/${own.id}$`));
  await expect(searchBox(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open search' })).toBeVisible();
});
