import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { daysAgo, shownDate } from '../support/dates.ts';
import { auth, snapTop } from '../support/forms.ts';
import { firstAdmin, signIn } from '../support/helpers.ts';
import { adminToken, createStudent, createTeacher, tokenOf, uniqueWord } from '../support/seed-people.ts';

// Growth charts on a student's page (issue 12): a teacher's boy of about 14 months, measured twice
// (the second time wasted), shows weight-for-age, length/height-for-age and weight-for-length with the
// WHO curves, a legend in words and each chart's numbers as a table — the numbers the API answers; a
// child without a recorded sex shows why there are no charts; a child not yet measured says so; an
// administrator sees the charts too; another teacher finds no such student. Journeys run in parallel
// on one database: every person here is new.

interface GrowthPointAnswer {
  measurementId: string;
  date: string;
  weight: number;
  height: number;
  ageDays: number | null;
  waz: number | null;
  haz: number | null;
  whz: number | null;
}

interface GrowthSeriesAnswer {
  reason: string | null;
  points: GrowthPointAnswer[];
  curves: { weightForLengthTable: 'length' | 'height' } | null;
}

const NO_SEX = 'Add the child’s sex to the student record to see growth scores.';
const LEGEND = ['−3 SD', '−2 SD', 'Median', '+2 SD', '+3 SD', 'This child'];

/** A z-score as the page writes it: two decimals, a true minus sign, '+' above zero. */
function zText(z: number | null): string {
  if (z === null) return 'No score';
  const fixed = Math.abs(z).toFixed(2);
  return fixed === '0.00' ? fixed : `${z < 0 ? '−' : '+'}${fixed}`;
}
const zNumber = (text: string) => Number(text.replace('−', '-').replace('+', ''));

async function setSex(request: APIRequestContext, token: string, id: string, sex: 'MALE' | 'FEMALE') {
  const res = await request.patch(`/api/students/${id}`, { ...auth(token), data: { sex } });
  expect(res.status(), await res.text()).toBe(200);
}

async function measure(
  request: APIRequestContext,
  token: string,
  studentId: string,
  date: string,
  figures: { weight: number; height: number },
) {
  const res = await request.post('/api/measurements', {
    ...auth(token),
    data: { studentId, date, position: 'LYING', ...figures },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function growthSeries(request: APIRequestContext, token: string, studentId: string) {
  const res = await request.get(`/api/measurements/growth/${studentId}`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as GrowthSeriesAnswer;
}

const growthCard = (page: Page) => page.getByRole('region', { name: 'Growth' });

/** The three charts of the card: a figure named by its title, with the picture as a named image. */
async function expectCharts(page: Page, childName: string, wflTitle: string) {
  const card = growthCard(page);
  for (const title of ['Weight-for-age', 'Length/height-for-age', wflTitle]) {
    const figure = card.getByRole('figure', { name: title, exact: true });
    await expect(figure).toBeVisible();
    const image = figure.getByRole('img', { name: `${title} chart of ${childName}`, exact: false });
    await expect(image).toBeVisible();
    await expect(image).toHaveAccessibleName(/the WHO curves from −3 to \+3 SD and 2 measurements/);
    const legend = figure.getByRole('list', { name: 'Legend' });
    for (const item of LEGEND) await expect(legend.getByText(item, { exact: true })).toBeVisible();
  }
}

/** Opens a chart's table and checks its rows against the API's points and this chart's z-score. */
async function expectTable(
  figure: Locator,
  title: string,
  childName: string,
  points: GrowthPointAnswer[],
  z: (p: GrowthPointAnswer) => number | null,
) {
  await figure.getByText('Show as table').click();
  const table = figure.getByRole('table', {
    name: `${title} of ${childName}: every measurement, oldest first`,
  });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(points.length);
  for (const [i, p] of points.entries()) {
    const row = rows.nth(i);
    await expect(row.locator('time')).toHaveAttribute('datetime', p.date);
    await expect(row.getByRole('rowheader')).toHaveText(shownDate(p.date));
    // Cells: z-score, status, age, weight, length/height.
    await expect(row.getByRole('cell').nth(0)).toHaveText(zText(z(p)));
    await expect(row.getByRole('cell').nth(3)).toHaveText(`${p.weight} kg`);
    await expect(row.getByRole('cell').nth(4)).toHaveText(`${p.height} cm`);
  }
  return rows;
}

test('growth charts: a teacher’s wasted boy, a child without a sex, an administrator and another teacher', async ({
  page,
  request,
  browser,
}) => {
  // Three browsers, several page loads, screenshots and accessibility checks at two widths.
  test.setTimeout(150_000);
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Growth', lastName: uniqueWord() });
  const other = await createTeacher(request, token, { firstName: 'Elsewhere', lastName: uniqueWord() });
  const boy = await createStudent(request, token, {
    firstName: 'Kasun',
    lastName: uniqueWord(),
    assignedTeacherId: teacher.id,
    dateOfBirth: daysAgo(427),
  });
  await setSex(request, token, boy.id, 'MALE');
  const noSex = await createStudent(request, token, {
    firstName: 'Nadee',
    lastName: uniqueWord(),
    assignedTeacherId: teacher.id,
    dateOfBirth: daysAgo(300),
  });
  const unmeasured = await createStudent(request, token, {
    firstName: 'Thilini',
    lastName: uniqueWord(),
    assignedTeacherId: teacher.id,
    dateOfBirth: daysAgo(200),
  });
  await setSex(request, token, unmeasured.id, 'FEMALE');

  const teacherToken = await tokenOf(request, teacher);
  // Five months before yesterday, then yesterday: taller but lighter (wasted).
  await measure(request, teacherToken, boy.id, daysAgo(153), { weight: 8.2, height: 68 });
  await measure(request, teacherToken, boy.id, daysAgo(1), { weight: 7.5, height: 75 });
  await measure(request, teacherToken, noSex.id, daysAgo(2), { weight: 8, height: 70 });

  const series = await growthSeries(request, teacherToken, boy.id);
  expect(series.reason).toBeNull();
  expect(series.points.map((p) => p.date)).toEqual([daysAgo(153), daysAgo(1)]);
  const wflTitle =
    series.curves?.weightForLengthTable === 'height' ? 'Weight-for-height' : 'Weight-for-length';
  const boyName = `${boy.firstName} ${boy.lastName}`;

  // --- the teacher: three charts with legends and tables --------------------------------------------
  await signIn(page, teacher);
  await page.goto(`/students/${boy.id}`);
  await expect(page.getByRole('heading', { level: 1, name: boyName })).toBeVisible();
  const card = growthCard(page);
  await expect(card.getByRole('heading', { level: 2, name: 'Growth' })).toBeVisible();
  await expectCharts(page, boyName, wflTitle);
  // The child's two measurements are dots on each chart.
  await expect(card.locator('.recharts-scatter-symbol')).toHaveCount(6);
  await snapTop(page, 'growth-charts-teacher');

  // Hovering the last dot of weight-for-length tells its date, weight and z-score.
  const wfl = card.getByRole('figure', { name: wflTitle, exact: true });
  const last = series.points[1];
  await wfl.locator('.recharts-scatter-symbol').last().hover();
  const tip = wfl.locator('.recharts-tooltip-wrapper');
  await expect(tip).toContainText(shownDate(last.date));
  await expect(tip).toContainText(`z-score ${zText(last.whz)}`);

  // Each chart's numbers, as the API answered them.
  await expectTable(
    card.getByRole('figure', { name: 'Weight-for-age', exact: true }),
    'Weight-for-age',
    boyName,
    series.points,
    (p) => p.waz,
  );
  await expectTable(
    card.getByRole('figure', { name: 'Length/height-for-age', exact: true }),
    'Length/height-for-age',
    boyName,
    series.points,
    (p) => p.haz,
  );
  const wflRows = await expectTable(wfl, wflTitle, boyName, series.points, (p) => p.whz);
  // The last measurement is wasted: its weight-for-length z-score is below −2, and says so.
  const lastZ = zNumber(await wflRows.last().getByRole('cell').nth(0).innerText());
  expect(lastZ).toBeLessThan(-2);
  await expect(wflRows.last().getByRole('cell').nth(1)).toContainText('Wasting');
  await expect(wfl).toContainText(`z-score ${zText(last.whz)}`);
  await snapTop(page, 'growth-charts-tables');

  // --- no sex recorded: the reason, a way to fix it, and no charts ----------------------------------
  await page.goto(`/students/${noSex.id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `${noSex.firstName} ${noSex.lastName}` }),
  ).toBeVisible();
  await expect(growthCard(page).getByText(NO_SEX)).toBeVisible();
  await expect(growthCard(page).getByRole('link', { name: 'Record the child’s sex' })).toHaveAttribute(
    'href',
    `/students/${noSex.id}/edit`,
  );
  await expect(growthCard(page).getByRole('figure')).toHaveCount(0);
  await snapTop(page, 'growth-charts-no-sex');

  // --- not measured yet -------------------------------------------------------------------------------
  await page.goto(`/students/${unmeasured.id}`);
  await expect(growthCard(page).getByText('No measurements yet')).toBeVisible();
  await expect(
    growthCard(page).getByText('The growth charts appear after the first measurement.'),
  ).toBeVisible();
  await expect(growthCard(page).getByRole('figure')).toHaveCount(0);

  // --- an administrator sees the same charts -----------------------------------------------------------
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const ap = await adminContext.newPage();
    await signIn(ap, firstAdmin());
    await ap.goto(`/students/${boy.id}`);
    await expect(ap.getByRole('heading', { level: 1, name: boyName })).toBeVisible();
    await expectCharts(ap, boyName, wflTitle);
  } finally {
    await adminContext.close();
  }

  // --- another teacher: no such student, in the API and on the page ------------------------------------
  const otherToken = await tokenOf(request, other);
  const refused = await request.get(`/api/measurements/growth/${boy.id}`, auth(otherToken));
  expect(refused.status()).toBe(404);
  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const op = await otherContext.newPage();
    await signIn(op, other);
    await op.goto(`/students/${boy.id}`);
    await expect(op.getByText('Student not found.')).toBeVisible();
    await expect(growthCard(op)).toHaveCount(0);
  } finally {
    await otherContext.close();
  }
});
