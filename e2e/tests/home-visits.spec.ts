import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { daysAgo, shownDate } from '../support/dates.ts';
import { auth, expectImageLoaded, snapTop, typeDate } from '../support/forms.ts';
import { closeWelcomeToast, firstAdmin, signIn } from '../support/helpers.ts';
import { pngFile } from '../support/images.ts';
import {
  adminToken,
  createStudent,
  createTeacher,
  tokenOf,
  uniqueTag,
  uniqueWord,
} from '../support/seed-people.ts';

// Home visits (spec part 2 §2.2 "Home visits", §5, §8, §9) for both roles: recording with the device's
// GPS (auto-approved within the distance threshold, otherwise waiting for review), the list and its
// filters, details, edit, delete, the administrators' review queue and threshold, and the teacher
// hearing of the decision. Journeys run in parallel on one database: every teacher is new (a teacher
// sees only their own visits) and the review queue is searched by the teacher's unique name.

interface HomeVisitRecord {
  id: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  isWithinRange: boolean | null;
  distanceFromHome: number | null;
  latitude: number | null;
  longitude: number | null;
  locationName: string | null;
  locationAccuracy: number | null;
  visitDate: string;
  duration: number;
  notes: string | null;
  files: { url: string; name: string; mimeType: string }[];
  reviewNotes: string | null;
  reviewedBy: { firstName: string; lastName: string } | null;
}

/** The student's home, in Jaffna; visits are placed by metres north (or south) of it. */
const HOME = { latitude: 9.6615, longitude: 80.0255 };
const EARTH_RADIUS_METERS = 6_371_008.8;
/** A GPS fix `metres` north of the home (negative: south), accurate to 5 m. */
const fromHome = (metres: number) => ({
  latitude: HOME.latitude + (metres / EARTH_RADIUS_METERS) * (180 / Math.PI),
  longitude: HOME.longitude,
  accuracy: 5,
});
/** Coordinates as the pages show them, 6 decimals; with no geocoder also the place's name. */
const coordinates = (p: { latitude: number; longitude: number }) =>
  `${p.latitude.toFixed(6)}, ${p.longitude.toFixed(6)}`;
const NEAR = fromHome(10);
const FAR = fromHome(300);
/** A home-base student is one or two years old (the server moves three-year-olds to the centre). */
const TODDLER_BIRTHDAY = `${new Date().getFullYear() - 2}-01-15`;

/** A tiny PDF: the server recognises it by its bytes. */
const pdfFile = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
});

test.use({ permissions: ['geolocation'], geolocation: NEAR });

async function homeBaseStudent(request: APIRequestContext, token: string, teacherId: string, name: string) {
  return createStudent(request, token, {
    firstName: 'Malar',
    lastName: name,
    assignedTeacherId: teacherId,
    category: 'HOME_BASE',
    dateOfBirth: TODDLER_BIRTHDAY,
    address: '12 Temple Road, Nallur',
    homeLatitude: HOME.latitude,
    homeLongitude: HOME.longitude,
    homeLocationName: 'Nallur, Jaffna',
  });
}

async function apiVisit(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/home-visits/${id}`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as HomeVisitRecord;
}

/** POST /api/home-visits as the teacher, at `place`, with the files uploaded first. */
async function recordViaApi(
  request: APIRequestContext,
  token: string,
  fields: {
    studentId: string;
    date: string;
    place: { latitude: number; longitude: number; accuracy: number };
    notes?: string;
    files?: { name: string; mimeType: string; buffer: Buffer }[];
    /** When the phone recorded it, for a visit sent later. */
    recordedAt?: string;
  },
): Promise<HomeVisitRecord> {
  const photos: string[] = [];
  for (const file of fields.files ?? []) {
    const up = await request.post('/api/file-upload/home-visit', {
      ...auth(token),
      multipart: { file, type: 'home-visit' },
    });
    expect(up.status(), await up.text()).toBe(201);
    photos.push(((await up.json()) as { id: string }).id);
  }
  const res = await request.post('/api/home-visits', {
    ...auth(token),
    data: {
      studentId: fields.studentId,
      date: fields.date,
      notes: fields.notes,
      photos,
      latitude: fields.place.latitude,
      longitude: fields.place.longitude,
      locationName: coordinates(fields.place),
      accuracy: fields.place.accuracy,
      recordedAt: fields.recordedAt,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as HomeVisitRecord;
}

const visitCards = (page: Page) => page.getByRole('list', { name: 'Home visits' }).getByRole('listitem');
const visitCard = (page: Page, studentName: string, day: string) =>
  page.getByRole('listitem', { name: `${studentName}, ${shownDate(day)}`, exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Chooses a student in the record form's select ('First Last (age)') by their name. */
async function pickVisitStudent(page: Page, name: string) {
  const box = page.getByRole('textbox', { name: 'Student', exact: true });
  await box.click();
  await box.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} \\(\\d\\)$`) }).click();
  await expect(box).toHaveValue(new RegExp(`^${name} \\(\\d\\)$`));
}

/** Captures the device's position on the record or edit form and waits for it to be shown. */
async function captureLocation(page: Page, button: string, place: { latitude: number; longitude: number }) {
  await page.getByRole('button', { name: button }).click();
  await expect(toast(page, 'Location captured successfully!')).toBeVisible();
  const card = region(page, 'Visit location');
  await expect(card).toContainText(coordinates(place));
  await expect(card).toContainText('Accuracy ±5 m');
  await expect(card.getByRole('button', { name: 'Capture different location' })).toBeVisible();
}

/** Chooses a value in one of the list's native filter selects and waits for it in the address. */
async function filterBy(page: Page, label: string, key: string, value: string) {
  await page.getByLabel(label, { exact: true }).selectOption(value);
  await expect.poll(() => new URL(page.url()).searchParams.get(key)).toBe(value || null);
}

/** Screenshots (support/forms.ts snapTop) without the toasts over the page's top. */
async function shot(page: Page, name: string) {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    // A toast may close by itself meanwhile.
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(close).toHaveCount(0);
  await snapTop(page, name);
}

const visitIdOf = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) ?? '';

test('a teacher records a visit at the home (approved) and one 300 m away with a PDF (pending), filters, edits and deletes; an admin only looks', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Vasuki', lastName: uniqueWord() });
  const student = await homeBaseStudent(request, token, teacher.id, `Homestead${tag}`);
  // A centre-base student of the same teacher is not offered: visits are for home-base students.
  const centre = await createStudent(request, token, {
    firstName: 'Kavin',
    lastName: `Centre${tag}`,
    assignedTeacherId: teacher.id,
  });
  const name = `${student.firstName} ${student.lastName}`;
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;
  const nearDay = daysAgo(2);
  const farDay = daysAgo(3);

  await signIn(page, teacher);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Home Visits' })
    .click();
  await expect(page).toHaveURL(/\/home-visits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home Visits' })).toBeVisible();
  await expect(page.getByText('No home visits recorded yet')).toBeVisible();

  // --- record a visit at the home: approved at once -------------------------------------------------
  await page.getByRole('link', { name: 'Record Home Visit' }).click();
  await expect(page).toHaveURL(/\/home-visits\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Record Home Visit' })).toBeVisible();
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('60');
  await expect(page.getByLabel('Visit date')).not.toHaveValue('');
  await expect(region(page, 'Visit location')).toContainText('No location captured yet.');

  await page.getByRole('button', { name: 'Record Visit' }).click();
  await expect(page.getByText('Please select a student')).toBeVisible();
  await expect(page).toHaveURL(/\/home-visits\/create$/);

  const box = page.getByRole('textbox', { name: 'Student', exact: true });
  await box.click();
  await box.fill(`Centre${tag}`);
  await expect(page.getByText('No students found')).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(centre.lastName) })).toHaveCount(0);
  await box.fill('');
  await pickVisitStudent(page, name);
  await typeDate(page.getByLabel('Visit date'), nearDay);
  await page.getByLabel('Duration (minutes)').fill('45');
  await page
    .getByLabel('Notes')
    .fill('Played with blocks on the porch; the mother asked about vaccinations.');

  // The GPS, then once more (a position up to 60 s old may be reused: the same place here).
  await captureLocation(page, 'Capture Current Location', NEAR);
  await captureLocation(page, 'Capture different location', NEAR);

  const files = page.getByLabel('Photos and documents', { exact: true });
  await files.setInputFiles([
    pngFile('porch.png', [
      [200, 120, 40],
      [250, 240, 220],
    ]),
    pngFile('blurred.png', [
      [90, 90, 90],
      [160, 160, 160],
    ]),
  ]);
  const chosen = page.getByRole('list', { name: /^Photos and documents: \d+ chosen$/ });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove blurred.png' }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(chosen).toContainText('porch.png');

  await page.getByRole('button', { name: 'Record Visit' }).click();
  await expect(toast(page, 'Home visit recorded successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/home-visits\/[0-9a-f-]{36}$/);
  const nearId = visitIdOf(page);

  // --- its details: Approved, Within Range, 10 m ------------------------------------------------------
  await expect(page.getByRole('heading', { level: 1, name: 'Home Visit Details' })).toBeVisible();
  await expect(page.getByText(`${name} · ${shownDate(nearDay)}`)).toBeVisible();
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Within Range', { exact: true })).toBeVisible();
  const info = region(page, 'Visit Information');
  await expect(info).toContainText(name);
  await expect(info).toContainText(shownDate(nearDay));
  await expect(info).toContainText(teacherName);
  await expect(info).toContainText('45 minutes');
  const location = region(page, 'Location');
  await expect(location).toContainText(coordinates(NEAR));
  await expect(location).toContainText('Accuracy ±5 m');
  await expect(location).toContainText('Nallur, Jaffna');
  await expect(location).toContainText(coordinates(HOME));
  await expect(location).toContainText('10 m');
  await expect(location.getByRole('link', { name: 'Open in maps: visit location' })).toHaveAttribute(
    'href',
    `https://www.google.com/maps?q=${Number(NEAR.latitude.toFixed(6))}%2C${HOME.longitude}`,
  );
  await expect(location.getByRole('link', { name: "Open in maps: student's home" })).toBeVisible();
  await expect(region(page, 'Notes')).toContainText('Played with blocks on the porch');
  const documentation = region(page, 'File Documentation');
  await expect(documentation).toContainText('1 file');
  const photo = documentation.getByRole('img', { name: `Visit to ${name}, image 1 of 1: porch.png` });
  await expectImageLoaded(photo);
  const summary = region(page, 'Visit Summary');
  await expect(summary).toContainText('Approved');
  await expect(summary).toContainText('45 minutes');
  await expect(summary).toContainText('10 m');
  await expect(summary).toContainText('1 file');
  // Approved by the server, not by a person: no Review section; still the teacher's to change.
  await expect(region(page, 'Review')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await shot(page, 'home-visits-detail-approved');

  const teacherToken = await tokenOf(request, teacher);
  const near = await apiVisit(request, teacherToken, nearId);
  expect(near).toMatchObject({
    status: 'APPROVED',
    isWithinRange: true,
    visitDate: nearDay,
    duration: 45,
    latitude: Number(NEAR.latitude.toFixed(6)),
    longitude: HOME.longitude,
    locationName: coordinates(NEAR),
    locationAccuracy: 5,
    reviewedBy: null,
  });
  expect(near.distanceFromHome).toBeCloseTo(10, 0);
  expect(near.files.map((f) => [f.name, f.mimeType])).toEqual([['porch.png', 'image/png']]);

  // --- record one 300 m away with a PDF: waiting for review --------------------------------------------
  // A new page: the browser would answer a position up to 60 s old from its cache on the same page.
  await context.setGeolocation(FAR);
  await page.goto('/home-visits/create');
  await pickVisitStudent(page, name);
  await typeDate(page.getByLabel('Visit date'), farDay);
  await page.getByLabel('Notes').fill('The family had moved to the grandmother’s house for the week.');
  await captureLocation(page, 'Capture Current Location', FAR);
  await page.getByLabel('Photos and documents', { exact: true }).setInputFiles([pdfFile('visit-report.pdf')]);
  await expect(page.getByRole('list', { name: 'Photos and documents: 1 chosen' })).toContainText(
    'visit-report.pdf',
  );
  await shot(page, 'home-visits-create');
  await page.getByRole('button', { name: 'Record Visit' }).click();
  await expect(toast(page, 'Home visit recorded successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/home-visits\/[0-9a-f-]{36}$/);
  const farId = visitIdOf(page);
  expect(farId).not.toBe(nearId);

  await expect(page.getByText('Pending Review', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Location Warning', { exact: true })).toBeVisible();
  await expect(page.getByText('Within Range', { exact: true })).toHaveCount(0);
  await expect(region(page, 'Location')).toContainText(coordinates(FAR));
  await expect(region(page, 'Location')).toContainText('300 m');
  await expect(region(page, 'Visit Summary')).toContainText('Pending Review');
  await expect(region(page, 'Visit Summary')).toContainText('60 minutes');
  const farFiles = region(page, 'File Documentation');
  await expect(farFiles).toContainText('1 file');
  await expect(farFiles.getByRole('list', { name: 'Documents' })).toContainText('visit-report.pdf');
  const view = farFiles.getByRole('link', { name: 'View visit-report.pdf' });
  await expect(view).toHaveText('View');
  const pdf = await page.request.get((await view.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await shot(page, 'home-visits-detail-pending');

  const far = await apiVisit(request, teacherToken, farId);
  expect(far).toMatchObject({ status: 'PENDING', isWithinRange: false, duration: 60, reviewedBy: null });
  expect(far.distanceFromHome).toBeCloseTo(300, 0);

  // --- the list and its filters -----------------------------------------------------------------------
  await page.getByRole('link', { name: 'Back to Home Visits' }).click();
  await expect(page).toHaveURL(/\/home-visits$/);
  await expect(visitCards(page)).toHaveCount(2);
  const nearCard = visitCard(page, name, nearDay);
  const farCard = visitCard(page, name, farDay);
  // Newest visit date first.
  await expect(visitCards(page).first()).toHaveAccessibleName(`${name}, ${shownDate(nearDay)}`);
  await expect(nearCard).toContainText('Approved');
  await expect(nearCard).toContainText('10 m');
  await expect(nearCard).toContainText(teacherName);
  await expect(nearCard).toContainText('Played with blocks on the porch');
  await expect(nearCard.getByText('Location Warning')).toHaveCount(0);
  await expect(farCard).toContainText('Pending Review');
  await expect(farCard).toContainText('Location Warning');
  await expect(farCard).toContainText('300 m');
  await expect(page.getByText('Showing 1-2 of 2')).toBeVisible();

  await page.getByRole('button', { name: 'Show Filters' }).click();
  await expect(page.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute('aria-expanded', 'true');
  await filterBy(page, 'Location', 'location', 'warnings');
  await expect(farCard).toBeVisible();
  await expect(nearCard).toHaveCount(0);
  await expect(page.getByText('1 filter on')).toBeVisible();
  await filterBy(page, 'Location', 'location', 'normal');
  await expect(nearCard).toBeVisible();
  await expect(farCard).toHaveCount(0);
  await filterBy(page, 'Location', 'location', '');
  await filterBy(page, 'Status', 'status', 'PENDING');
  await expect(farCard).toBeVisible();
  await expect(nearCard).toHaveCount(0);
  await filterBy(page, 'Status', 'status', 'REJECTED');
  await expect(page.getByText('No home visits match these filters')).toBeVisible();
  await filterBy(page, 'Status', 'status', '');
  const [year, month] = nearDay.split('-');
  await filterBy(page, 'Year', 'year', year);
  await filterBy(page, 'Month', 'month', String(Number(month)));
  await expect(page.getByText('2 filters on')).toBeVisible();
  await expect(nearCard).toBeVisible();
  // The far visit is a day earlier: the same month unless the near one is on the 1st.
  await expect(farCard).toHaveCount(farDay.startsWith(`${year}-${month}`) ? 1 : 0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await typeDate(page.getByLabel('Specific date'), farDay);
  await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(farDay);
  await expect(farCard).toBeVisible();
  await expect(nearCard).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(visitCards(page)).toHaveCount(2);
  await shot(page, 'home-visits-list');

  // --- edit the far one: duration checked, the place captured again -------------------------------------
  await farCard.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/home-visits/${farId}$`));
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/home-visits/${farId}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Home Visit' })).toBeVisible();
  const fixedStudent = page.getByRole('textbox', { name: 'Student', exact: true });
  await expect(fixedStudent).toHaveValue(name);
  await expect(fixedStudent).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Visit date')).toHaveValue(shownDate(farDay));
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('60');
  await expect(region(page, 'Visit location')).toContainText(coordinates(FAR));
  await expect(page.getByRole('list', { name: 'Photos and documents: 1 chosen' })).toContainText(
    'visit-report.pdf',
  );
  const duration = page.getByLabel('Duration (minutes)');
  await duration.fill('0');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please enter a valid duration')).toBeVisible();
  await duration.fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please enter a valid duration')).toBeVisible();
  await duration.fill('600');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Duration must be at most 480 minutes')).toBeVisible();
  await duration.fill('75');
  await expect(page.getByText('Please enter a valid duration')).toHaveCount(0);
  await captureLocation(page, 'Update Location', FAR);
  await shot(page, 'home-visits-edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Home visit updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/home-visits/${farId}$`));
  await expect(region(page, 'Visit Information')).toContainText('75 minutes');
  await expect(page.getByText('Location Warning', { exact: true })).toBeVisible();
  const edited = await apiVisit(request, teacherToken, farId);
  expect(edited).toMatchObject({ status: 'PENDING', duration: 75, visitDate: farDay });
  expect(edited.files.map((f) => f.name)).toEqual(['visit-report.pdf']);

  // --- an administrator sees them, with nothing to record, edit or delete -------------------------------
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signIn(admin, firstAdmin());
  await admin.goto('/home-visits');
  await expect(admin.getByRole('heading', { level: 1, name: 'Home Visits' })).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Home visits' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Record Home Visit' })).toHaveCount(0);
  await admin.goto(`/home-visits/${farId}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Home Visit Details' })).toBeVisible();
  await expect(admin.getByText(`${name} · ${shownDate(farDay)}`)).toBeVisible();
  await expect(admin.getByText('Pending Review', { exact: true }).first()).toBeVisible();
  await expect(region(admin, 'File Documentation')).toContainText('visit-report.pdf');
  await expect(admin.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await admin.goto(`/home-visits/${farId}/edit`);
  await expect(toast(admin, 'You can only edit your own home visits')).toBeVisible();
  await expect(admin).toHaveURL(/\/home-visits$/);
  await admin.goto('/home-visits/create');
  await expect(admin.getByRole('heading', { level: 1, name: 'Record Home Visit' })).toBeVisible();
  await expect(admin.getByText('Only teachers can record home visits.')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Record Visit' })).toHaveCount(0);
  await adminContext.close();

  // --- delete the one at the home, through the confirmation --------------------------------------------
  await page.goto(`/home-visits/${nearId}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Home Visit' });
  await expect(dialog).toContainText(
    'Are you sure you want to delete this home visit? An administrator can restore it from the Deleted Records page.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Home visit deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/home-visits$/);
  await expect(visitCards(page)).toHaveCount(1);
  await expect(farCard).toBeVisible();
  await expect(nearCard).toHaveCount(0);
  await page.goto(`/home-visits/${nearId}`);
  await expect(page.getByText('Home visit not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home Visits' })).toBeVisible();
});

test('an admin changes the distance threshold, rejects one visit and approves another; the teacher hears of it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Revathi', lastName: uniqueWord() });
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;
  const rejectedStudent = await homeBaseStudent(request, token, teacher.id, `Market${tag}`);
  const approvedStudent = await homeBaseStudent(request, token, teacher.id, `Lagoon${tag}`);
  const rejectedName = `${rejectedStudent.firstName} ${rejectedStudent.lastName}`;
  const approvedName = `${approvedStudent.firstName} ${approvedStudent.lastName}`;
  const rejectedDay = daysAgo(4);
  const approvedDay = daysAgo(5);
  const teacherToken = await tokenOf(request, teacher);
  const toReject = await recordViaApi(request, teacherToken, {
    studentId: rejectedStudent.id,
    date: rejectedDay,
    place: FAR,
    notes: 'We met at the market because the house was locked.',
    files: [pdfFile('market-visit.pdf')],
  });
  const toApprove = await recordViaApi(request, teacherToken, {
    studentId: approvedStudent.id,
    date: approvedDay,
    place: fromHome(-120),
    notes: 'The new house is further down the lane.',
    files: [
      pngFile('lane.png', [
        [40, 120, 200],
        [230, 240, 250],
      ]),
    ],
  });
  expect(toReject.status).toBe('PENDING');
  expect(toApprove.status).toBe('PENDING');
  const reason = 'The visit was recorded at the market, not at the home.';

  const settings = async () => {
    const res = await request.get('/api/settings', auth(token));
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { homeVisitDistanceThreshold: number }).homeVisitDistanceThreshold;
  };
  const setThreshold = async (distanceMeters: number) => {
    const res = await request.patch('/api/settings/home-visit-distance', {
      ...auth(token),
      data: { distanceMeters },
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  await signIn(page, firstAdmin());
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Visit Reviews' })
    .click();
  await expect(page).toHaveURL(/\/home-visits\/review$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Visit Reviews' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /pending review/ })).toHaveText(
    /^\d+ of \d+ pending reviews?$/,
  );

  // --- the threshold: Save only for 10 to 500 m; changed to a value that decides no visit differently
  // (every journey's visits are 10 m, 120 m or 300 m from home) and put back at once -----------------------
  const before = await settings();
  try {
    await page.getByRole('button', { name: 'Distance' }).click();
    const panel = region(page, 'Auto-Approval Distance Threshold');
    await expect(panel).toBeVisible();
    const threshold = panel.getByLabel('Distance threshold (metres)');
    await expect(threshold).toHaveValue(`${before} m`);
    await threshold.fill('5');
    await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(
      panel.getByText('Distance must be a whole number of metres between 10 and 500'),
    ).toBeVisible();
    await threshold.fill('501');
    await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
    await threshold.fill('60');
    await expect(panel.getByRole('button', { name: 'Save' })).toBeEnabled();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Distance threshold updated successfully')).toBeVisible();
    await expect(panel).toHaveCount(0);
    expect(await settings()).toBe(60);
  } finally {
    await setThreshold(before);
  }
  expect(await settings()).toBe(before);

  // --- find the teacher's visits --------------------------------------------------------------------------
  await page.getByRole('button', { name: 'Show Filters' }).click();
  await page.getByLabel('Search by student or teacher').fill(teacher.lastName);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(teacher.lastName);
  const queue = page.getByRole('list', { name: 'Visits to review' });
  // The cards (each card lists its images and documents too).
  const reviewCards = queue.locator(':scope > li');
  await expect(reviewCards).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: /pending review/ })).toHaveText(
    /^2 of \d+ pending reviews$/,
  );
  const rejectCard = queue.getByRole('listitem', { name: `${rejectedName}, ${shownDate(rejectedDay)}` });
  const approveCard = queue.getByRole('listitem', { name: `${approvedName}, ${shownDate(approvedDay)}` });
  await expect(rejectCard).toContainText(`by ${teacherName}`);
  await expect(rejectCard).toContainText('HOME BASE');
  await expect(rejectCard).toContainText('300 m');
  await expect(rejectCard).toContainText('Location Warning');
  await expect(rejectCard).toContainText('12 Temple Road, Nallur');
  await expect(rejectCard).toContainText(coordinates(FAR));
  await expect(rejectCard).toContainText('We met at the market');
  await expect(rejectCard).toContainText('Photos and files (1)');
  await expect(rejectCard.getByRole('link', { name: 'View market-visit.pdf' })).toBeVisible();
  await expect(approveCard).toContainText('120 m');
  await expect(
    approveCard.getByRole('img', { name: `Visit to ${approvedName}, image 1 of 1: lane.png` }),
  ).toBeVisible();
  // The search by the student's name finds one.
  await page.getByLabel('Search by student or teacher').fill(rejectedStudent.lastName);
  await expect(reviewCards).toHaveCount(1);
  await expect(rejectCard).toBeVisible();
  await page.getByLabel('Search by student or teacher').fill(teacher.lastName);
  await expect(reviewCards).toHaveCount(2);
  await shot(page, 'home-visits-review');

  // --- reject: a reason is required ------------------------------------------------------------------------
  await rejectCard.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject Home Visit' });
  await expect(reject).toContainText(`${rejectedName} · ${shownDate(rejectedDay)} · by ${teacherName}`);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Please provide a reason for rejection')).toBeVisible();
  await reject.getByLabel('Review notes').fill('   ');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Please provide a reason for rejection')).toBeVisible();
  await reject.getByLabel('Review notes').fill(reason);
  await expect(reject.getByText('Please provide a reason for rejection')).toHaveCount(0);
  await shot(page, 'home-visits-review-reject');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Home visit rejected')).toBeVisible();
  await expect(reject).toHaveCount(0);
  await expect(rejectCard).toHaveCount(0);
  await expect(reviewCards).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /pending review/ })).toHaveText(
    /^1 of \d+ pending reviews?$/,
  );

  // --- approve: notes are optional --------------------------------------------------------------------------
  await approveCard.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve Home Visit' });
  await approve.getByLabel('Review notes').fill('Checked with the family by phone.');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Home visit approved successfully')).toBeVisible();
  await expect(approve).toHaveCount(0);
  await expect(page.getByText('No pending visits match these filters')).toBeVisible();

  expect(await apiVisit(request, token, toReject.id)).toMatchObject({
    status: 'REJECTED',
    reviewNotes: reason,
    reviewedBy: { firstName: firstAdmin().firstName, lastName: firstAdmin().lastName },
  });
  expect(await apiVisit(request, token, toApprove.id)).toMatchObject({
    status: 'APPROVED',
    reviewNotes: 'Checked with the family by phone.',
  });

  // --- the teacher is told, and sees the decision on the visit ---------------------------------------------
  const teacherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const mine = await teacherContext.newPage();
  await signIn(mine, teacher);
  await closeWelcomeToast(mine);
  await expect(mine.getByTestId('notifications-unread-badge')).not.toHaveText('');
  await mine.getByRole('link', { name: 'Notifications' }).click();
  await expect(mine).toHaveURL(/\/notifications$/);
  const inbox = mine.getByRole('list', { name: 'Notifications list' });
  await expect(inbox.getByRole('listitem', { name: 'Home visit rejected' })).toContainText(
    `Your home visit to ${rejectedName} on ${rejectedDay} was rejected: ${reason}`,
  );
  await expect(inbox.getByRole('listitem', { name: 'Home visit approved' })).toContainText(
    `Your home visit to ${approvedName} on ${approvedDay} was approved: Checked with the family by phone.`,
  );

  await mine.goto('/home-visits');
  await expect(visitCard(mine, rejectedName, rejectedDay)).toContainText('Rejected');
  await expect(visitCard(mine, approvedName, approvedDay)).toContainText('Approved');
  await visitCard(mine, rejectedName, rejectedDay).getByRole('link', { name: 'View Details' }).click();
  await expect(mine).toHaveURL(new RegExp(`/home-visits/${toReject.id}$`));
  await expect(mine.getByText('Rejected', { exact: true }).first()).toBeVisible();
  await expect(mine.getByText('Location Warning', { exact: true })).toHaveCount(0);
  const review = region(mine, 'Review');
  await expect(review).toContainText(`${firstAdmin().firstName} ${firstAdmin().lastName}`);
  await expect(review).toContainText(reason);
  await expect(region(mine, 'Visit Summary')).toContainText('Rejected');
  // Reviewed: no longer editable, still the teacher's to delete.
  await expect(mine.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Delete' })).toBeVisible();
  await shot(mine, 'home-visits-detail-rejected');
  await mine.goto(`/home-visits/${toReject.id}/edit`);
  await expect(
    mine.getByText('This home visit has been reviewed and can no longer be changed.'),
  ).toBeVisible();
  await teacherContext.close();
});

test('without location permission the capture says so, and the visit waits unverified', async ({
  page,
  context,
  request,
}) => {
  await context.clearPermissions();
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Sutha', lastName: uniqueWord() });
  const student = await homeBaseStudent(request, token, teacher.id, `Nogps${tag}`);
  const name = `${student.firstName} ${student.lastName}`;

  await signIn(page, teacher);
  await page.goto('/home-visits/create');
  await page.getByRole('button', { name: 'Capture Current Location' }).click();
  await expect(toast(page, 'Failed to capture location. Please enable location services.')).toBeVisible();
  await expect(region(page, 'Visit location')).toContainText('No location captured yet.');
  await expect(page.getByRole('button', { name: 'Capture Current Location' })).toBeEnabled();

  // Recorded without a place: nothing proves it, so it waits for review.
  await pickVisitStudent(page, name);
  await page.getByRole('button', { name: 'Record Visit' }).click();
  await expect(toast(page, 'Home visit recorded successfully!')).toBeVisible();
  await expect(page.getByText('Pending Review', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Location Warning', { exact: true })).toHaveCount(0);
  await expect(region(page, 'Location')).toContainText('No location captured');
  await expect(region(page, 'Location')).toContainText('Location not verified');
  await expect(region(page, 'Visit Summary')).toContainText('Location not verified');
  const stored = await apiVisit(request, await tokenOf(request, teacher), visitIdOf(page));
  expect(stored).toMatchObject({
    status: 'PENDING',
    latitude: null,
    distanceFromHome: null,
    isWithinRange: null,
  });
});

test("another teacher cannot open a teacher's visit, nor edit it after the student moves to them", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const owner = await createTeacher(request, token, { firstName: 'Owner', lastName: uniqueWord() });
  const other = await createTeacher(request, token, { firstName: 'Other', lastName: uniqueWord() });
  const student = await homeBaseStudent(request, token, owner.id, `Moved${tag}`);
  const visit = await recordViaApi(request, await tokenOf(request, owner), {
    studentId: student.id,
    date: daysAgo(2),
    place: NEAR,
  });
  expect(visit.status).toBe('APPROVED');

  // Not their student: the visit does not exist for them.
  await signIn(page, other);
  await page.goto(`/home-visits/${visit.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Home Visit' })).toBeVisible();
  await expect(page.getByText('Home visit not found')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Student', exact: true })).toHaveCount(0);
  await page.goto(`/home-visits/${visit.id}`);
  await expect(page.getByText('Home visit not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home Visits' }).click();
  await expect(page).toHaveURL(/\/home-visits$/);
  const otherToken = await tokenOf(request, other);
  const patched = await request.patch(`/api/home-visits/${visit.id}`, {
    ...auth(otherToken),
    data: { duration: 5 },
  });
  expect(patched.status()).toBe(404);

  // Their student now: they see the visit but may not change it.
  const moved = await request.patch(`/api/students/${student.id}`, {
    ...auth(token),
    data: { assignedTeacherId: other.id },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.goto(`/home-visits/${visit.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Home Visit Details' })).toBeVisible();
  await expect(region(page, 'Visit Information')).toContainText(`${owner.firstName} ${owner.lastName}`);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.goto(`/home-visits/${visit.id}/edit`);
  await expect(toast(page, 'You can only edit your own home visits')).toBeVisible();
  await expect(page).toHaveURL(/\/home-visits$/);
  const refused = await request.patch(`/api/home-visits/${visit.id}`, {
    ...auth(otherToken),
    data: { duration: 5 },
  });
  expect(refused.status()).toBe(403);
  expect((await apiVisit(request, token, visit.id)).duration).toBe(60);
});

test('a visit recorded offline and sent hours later tells the reviewer so, with the time it was recorded', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Late', lastName: uniqueWord() });
  const student = await homeBaseStudent(request, token, teacher.id, `Late${uniqueTag()}`);
  const recordedAt = new Date(Date.now() - 5 * 3_600_000);
  const visit = await recordViaApi(request, await tokenOf(request, teacher), {
    studentId: student.id,
    date: daysAgo(0),
    place: FAR,
    recordedAt: recordedAt.toISOString(),
  });
  expect(visit.status).toBe('PENDING');

  await signIn(page, firstAdmin());
  await page.goto(`/home-visits/${visit.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Home Visit Details' })).toBeVisible();
  await expect(page.getByText('Recorded offline, sent 5 h later').first()).toBeVisible();
  await shot(page, 'home-visit-sent-later');

  // The review queue says it too, on the visit's card.
  await page.goto(`/home-visits/review?search=${encodeURIComponent(student.lastName)}`);
  const card = page
    .getByRole('list', { name: 'Visits to review' })
    .getByRole('listitem')
    .filter({ hasText: `${student.firstName} ${student.lastName}` });
  await expect(card.getByText('Recorded offline, sent 5 h later')).toBeVisible();
});
