import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { shownDate } from '../support/dates.ts';
import { snapTop, typeDate } from '../support/forms.ts';
import { firstAdmin, signIn } from '../support/helpers.ts';
import { adminToken, createTeacher, tokenOf, uniqueTag, uniqueWord } from '../support/seed-people.ts';

// Students (spec part 1 §2 "Students", §4 category and Baby Born, §5 create/edit student, §8
// "Students", "Geolocation", "Missing records") for both roles. Journeys run in parallel on one database:
// every name and student ID carries a unique tag and no test counts the whole table.

const HOME = { latitude: 9.661498, longitude: 80.025543 };

/** A date-only value `days` days before today (negative: after), in the browser's (and this) time zone. */
function daysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
const today = () => daysAgo(0);
function yearsAgo(years: number, extraDays = 20): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - extraDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

interface StudentRecord {
  id: string;
  studentId: string;
  firstName: string;
  lastName: string;
  parentName: string | null;
  dateOfBirth: string;
  category: string;
  isPregnant: boolean;
  motherAge: number | null;
  pregnancyMonths: number | null;
  expectedDueDate: string | null;
  actualBirthDate: string | null;
  isBabyBorn: boolean;
  parentPhone: string | null;
  parentEmail: string | null;
  address: string | null;
  medicalInfo: string | null;
  assignedTeacherId: string | null;
  homeLatitude: number | null;
  homeLongitude: number | null;
  homeLocationName: string | null;
}

async function apiCreateStudent(
  request: APIRequestContext,
  token: string,
  fields: Record<string, unknown>,
): Promise<StudentRecord> {
  const res = await request.post('/api/students', {
    headers: { Authorization: `Bearer ${token}` },
    data: { category: 'CENTER_BASE', dateOfBirth: yearsAgo(4), ...fields },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as StudentRecord;
}

async function apiGetStudent(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/students/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as StudentRecord;
}

const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });
const filterButtons = (page: Page) => page.getByRole('group', { name: 'Filter by category' });

async function searchStudents(page: Page, text: string) {
  await page.getByLabel('Search students').fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
}

/** The organisation's day (GET /api/organisation): what 'today' means to the app and the server. */
async function orgToday(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/organisation', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { today: string }).today;
}

/** Watches for the next browser alert and returns its text once it has been shown. */
function nextAlert(page: Page): () => Promise<string> {
  const shown = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  return () => shown;
}

/** The students whose name, parent name or student ID contain `text`, through the API. */
async function apiSearch(request: APIRequestContext, token: string, text: string) {
  const res = await request.get(`/api/students?search=${encodeURIComponent(text)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as StudentRecord[];
}

async function openCreateForm(page: Page) {
  await page.getByRole('link', { name: 'Add Student' }).click();
  await expect(page).toHaveURL(/\/students\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Student' })).toBeVisible();
}

async function submitCreate(page: Page) {
  await page.getByRole('button', { name: 'Create Student' }).click();
  await expect(page.getByText('Student created successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/students$/);
}

test('an administrator adds a Center Base and a Home Base student through the form', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000); // three forms and a search, on a machine the other journeys share
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Kavya', lastName: uniqueWord() });
  const teacherOption = (n: number) => ({ label: `${teacher.firstName} ${teacher.lastName} (${n}/25)` });
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(HOME);

  await signIn(page, firstAdmin());
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Students' })
    .click();
  await expect(page).toHaveURL(/\/students$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Student Management' })).toBeVisible();

  // --- CENTER_BASE, with the device location -------------------------------------------------------
  await openCreateForm(page);
  for (const section of [
    'Basic Information',
    'Parent Information',
    'Home Location',
    'Additional Information',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByText('GPS location help')).toBeVisible();
  // Age 2 before a date of birth is chosen; the Is Pregnant choice only for the Survival Program.
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('2');
  await expect(page.getByLabel('Age', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByText('Is Pregnant')).toHaveCount(0);
  await snapTop(page, 'students-create');

  // Nothing filled: the required fields say so and nothing is sent.
  await page.getByRole('button', { name: 'Create Student' }).click();
  await expect(page.getByText('Student ID is required')).toBeVisible();
  await expect(page.getByText('Category is required')).toBeVisible();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Date of birth is required')).toBeVisible();
  await expect(page).toHaveURL(/\/students\/create$/);

  const center = {
    studentId: `C${tag}-1`,
    firstName: 'Arun',
    lastName: `Center${tag}`,
    parentName: `Priya Parent${tag}`,
  };
  await page.getByLabel('Student ID').fill(center.studentId);
  await page.getByLabel('Category').selectOption('CENTER_BASE');
  await page.getByLabel('First name').fill(center.firstName);
  await page.getByLabel('Last name').fill(center.lastName);
  await typeDate(page.getByLabel('Date of birth'), yearsAgo(5));
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('5');
  await typeDate(page.getByLabel('Date of birth'), daysAgo(-3));
  await page.getByLabel('Parent name').fill(center.parentName);
  await page.getByLabel('Parent phone').fill('+94 77 555 0101');
  await page.getByLabel('Parent email').fill('not-an-email');
  await page.getByLabel('Address').fill('12 Temple Road, Jaffna');
  await page.getByRole('button', { name: 'Create Student' }).click();
  await expect(page.getByText('Date of birth cannot be in the future')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('0');
  await typeDate(page.getByLabel('Date of birth'), yearsAgo(5));
  await page.getByLabel('Parent email').fill(`priya.${tag}@example.org`);

  await page.getByRole('button', { name: 'Use Current Location' }).click();
  await expect(page.getByText('Location captured successfully!')).toBeVisible();
  await expect(page.getByLabel('Latitude')).toHaveValue(String(HOME.latitude));
  await expect(page.getByLabel('Longitude')).toHaveValue(String(HOME.longitude));
  await expect(page.getByLabel('Home location name')).toHaveValue('9.661498, 80.025543');
  await page.getByLabel('Home location name').fill('Blue gate near the temple');
  await page.getByLabel('Assigned teacher').selectOption(teacherOption(0));
  await page.getByLabel('Medical information').fill('Peanut allergy');
  await submitCreate(page);

  // --- HOME_BASE -----------------------------------------------------------------------------------
  await openCreateForm(page);
  const home = { studentId: `H${tag}-1`, firstName: 'Kiran', lastName: `Home${tag}` };
  await page.getByLabel('Student ID').fill(home.studentId);
  await page.getByLabel('Category').selectOption('HOME_BASE');
  await page.getByLabel('First name').fill(home.firstName);
  await page.getByLabel('Last name').fill(home.lastName);
  await typeDate(page.getByLabel('Date of birth'), yearsAgo(2));
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('2');
  await page.getByLabel('Assigned teacher').selectOption(teacherOption(1));
  await submitCreate(page);

  // A duplicate student ID is refused with the server's message and the form stays.
  await openCreateForm(page);
  await page.getByLabel('Student ID').fill(home.studentId);
  await page.getByLabel('Category').selectOption('CENTER_BASE');
  await page.getByLabel('First name').fill('Dup');
  await page.getByLabel('Last name').fill(`Dup${tag}`);
  await typeDate(page.getByLabel('Date of birth'), yearsAgo(4));
  await page.getByRole('button', { name: 'Create Student' }).click();
  await expect(page.getByText('A student with this student ID already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/students\/create$/);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/students$/);

  // The new cards, and what was stored.
  await searchStudents(page, tag);
  const centerCard = card(page, `${center.firstName} ${center.lastName}`);
  await expect(centerCard).toContainText('5 years');
  await expect(centerCard).toContainText('Center Base');
  await expect(centerCard).toContainText(center.studentId);
  await expect(centerCard).toContainText(center.parentName);
  await expect(centerCard).toContainText(`${teacher.firstName} ${teacher.lastName}`);
  await expect(centerCard).toContainText('No visits');
  await expect(centerCard).toContainText('Active');
  await expect(card(page, `${home.firstName} ${home.lastName}`)).toContainText('Home Base');
  await expect(page.getByRole('list', { name: 'Students' }).getByRole('listitem')).toHaveCount(2);
  const stored = await apiSearch(request, token, tag);
  expect(stored.find((s) => s.studentId === center.studentId)).toMatchObject({
    category: 'CENTER_BASE',
    dateOfBirth: yearsAgo(5),
    parentPhone: '+94 77 555 0101',
    parentEmail: `priya.${tag}@example.org`,
    address: '12 Temple Road, Jaffna',
    homeLatitude: HOME.latitude,
    homeLongitude: HOME.longitude,
    homeLocationName: 'Blue gate near the temple',
    medicalInfo: 'Peanut allergy',
    assignedTeacherId: teacher.id,
    isPregnant: false,
  });
  expect(stored.find((s) => s.studentId === home.studentId)).toMatchObject({
    category: 'HOME_BASE',
    parentName: null,
    homeLatitude: null,
    assignedTeacherId: teacher.id,
  });
});

test('an administrator registers a pregnant mother and a baby through the Survival Program branches', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Ishani', lastName: uniqueWord() });
  const teacherOption = (n: number) => ({ label: `${teacher.firstName} ${teacher.lastName} (${n}/25)` });
  await signIn(page, firstAdmin());
  await page.goto('/students');

  // --- pregnant mother (Yes) -----------------------------------------------------------------------
  await openCreateForm(page);
  const mother = { studentId: `S${tag}-M`, firstName: 'Nila', lastName: `Mother${tag}` };
  await page.getByLabel('Student ID').fill(mother.studentId);
  await page.getByLabel('Category').selectOption('SURVIVAL_PROGRAM');
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(page.getByText('Baby Registration')).toBeVisible();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByText('Pregnant Mother Registration')).toBeVisible();
  await expect(page.getByText('Baby Registration')).toHaveCount(0);
  await page.getByLabel("Mother's first name").fill(mother.firstName);
  await page.getByLabel("Mother's last name").fill(mother.lastName);
  await page.getByLabel("Mother's age").fill('14');
  await typeDate(page.getByLabel('Expected due date'), daysAgo(-60));
  await page.getByRole('button', { name: 'Create Student' }).click();
  await expect(page.getByText("Mother's age must be between 15 and 50")).toBeVisible();
  await expect(page.getByText('Pregnancy months are required')).toBeVisible();
  await page.getByLabel("Mother's age").fill('27');
  await page.getByLabel('Pregnancy months').selectOption('7');
  await page.getByLabel('Parent name').fill(`Ravi Husband${tag}`);
  await page.getByLabel('Assigned teacher').selectOption(teacherOption(0));
  await snapTop(page, 'students-create-pregnant');
  await submitCreate(page);

  // --- baby (No) -----------------------------------------------------------------------------------
  await openCreateForm(page);
  const baby = { studentId: `S${tag}-B`, firstName: 'Tiny', lastName: `Baby${tag}` };
  await page.getByLabel('Student ID').fill(baby.studentId);
  await page.getByLabel('Category').selectOption('SURVIVAL_PROGRAM');
  // Yes then No: the pregnancy answers are cleared and the baby's names are asked for.
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('Pregnancy months').selectOption('4');
  await page.getByRole('radio', { name: 'No' }).check();
  await expect(page.getByText('Baby Registration')).toBeVisible();
  await expect(page.getByLabel('Pregnancy months')).toHaveCount(0);
  await page.getByLabel("Baby's first name").fill(baby.firstName);
  await page.getByLabel("Baby's last name").fill(baby.lastName);
  await typeDate(page.getByLabel('Date of birth'), daysAgo(90));
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('0');
  await page.getByLabel('Parent name').fill(`Mala Parent${tag}`);
  await page.getByLabel('Assigned teacher').selectOption(teacherOption(1));
  await snapTop(page, 'students-create-baby');
  await submitCreate(page);

  await searchStudents(page, tag);
  await expect(card(page, `${mother.firstName} ${mother.lastName}`)).toContainText('Pregnant · 7 months');
  await expect(card(page, `${baby.firstName} ${baby.lastName}`)).toContainText('0 years');
  await expect(card(page, `${baby.firstName} ${baby.lastName}`)).toContainText('Survival Program');
  const stored = await apiSearch(request, token, tag);
  expect(stored.find((s) => s.studentId === mother.studentId)).toMatchObject({
    firstName: mother.firstName,
    lastName: mother.lastName,
    category: 'SURVIVAL_PROGRAM',
    isPregnant: true,
    motherAge: 27,
    pregnancyMonths: 7,
    expectedDueDate: daysAgo(-60),
    isBabyBorn: false,
    actualBirthDate: null,
    assignedTeacherId: teacher.id,
  });
  expect(stored.find((s) => s.studentId === baby.studentId)).toMatchObject({
    firstName: baby.firstName,
    category: 'SURVIVAL_PROGRAM',
    isPregnant: false,
    motherAge: null,
    pregnancyMonths: null,
    expectedDueDate: null,
    dateOfBirth: daysAgo(90),
    assignedTeacherId: teacher.id,
  });
});

test('an administrator searches by name, parent name and student ID and filters by category', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const center = await apiCreateStudent(request, token, {
    studentId: `F${tag}-C`,
    firstName: 'Dilan',
    lastName: `Center${tag}`,
    parentName: `Sunil Parent${tag}`,
  });
  const home = await apiCreateStudent(request, token, {
    studentId: `F${tag}-H`,
    firstName: 'Hema',
    lastName: `Home${tag}`,
    category: 'HOME_BASE',
    dateOfBirth: yearsAgo(1),
  });
  await apiCreateStudent(request, token, {
    studentId: `F${tag}-M`,
    firstName: 'Usha',
    lastName: `Mother${tag}`,
    category: 'SURVIVAL_PROGRAM',
    dateOfBirth: today(),
    isPregnant: true,
    motherAge: 22,
    pregnancyMonths: 5,
  });
  await apiCreateStudent(request, token, {
    studentId: `F${tag}-B`,
    firstName: 'Baby',
    lastName: `Small${tag}`,
    category: 'SURVIVAL_PROGRAM',
    dateOfBirth: daysAgo(40),
  });

  await signIn(page, firstAdmin());
  await page.goto('/students');
  const list = page.getByRole('list', { name: 'Students' }).getByRole('listitem');
  const buttons = filterButtons(page);

  await searchStudents(page, tag);
  await expect(list).toHaveCount(4);
  await expect(buttons.getByRole('button', { name: 'All 4' })).toBeVisible();
  await expect(buttons.getByRole('button', { name: 'Center 1' })).toBeVisible();
  await expect(buttons.getByRole('button', { name: 'Home 1' })).toBeVisible();
  await expect(buttons.getByRole('button', { name: 'Survival 2' })).toBeVisible();
  await snapTop(page, 'students-list');

  // By name, by parent name, by student ID; nothing found.
  await searchStudents(page, `Hema Home${tag}`);
  await expect(list).toHaveCount(1);
  await expect(card(page, `${home.firstName} ${home.lastName}`)).toBeVisible();
  await searchStudents(page, `Sunil Parent${tag}`);
  await expect(list).toHaveCount(1);
  await expect(card(page, `${center.firstName} ${center.lastName}`)).toContainText(`Sunil Parent${tag}`);
  await searchStudents(page, `F${tag}-H`);
  await expect(list).toHaveCount(1);
  await expect(card(page, `${home.firstName} ${home.lastName}`)).toBeVisible();
  await expect(buttons.getByRole('button', { name: 'All 1' })).toBeVisible();
  await expect(buttons.getByRole('button', { name: 'Home 1' })).toBeVisible();
  await expect(buttons.getByRole('button', { name: 'Center 0' })).toBeVisible();
  await searchStudents(page, `nobody${tag}`);
  await expect(page.getByText('No students found')).toBeVisible();

  // The category buttons, within the same search.
  await searchStudents(page, tag);
  await buttons.getByRole('button', { name: 'Survival 2' }).click();
  await expect(page).toHaveURL(/category=SURVIVAL_PROGRAM/);
  await expect(buttons.getByRole('button', { name: 'Survival 2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(list).toHaveCount(2);
  await expect(card(page, `Usha Mother${tag}`)).toContainText('Pregnant · 5 months');
  await expect(card(page, `Baby Small${tag}`)).toBeVisible();
  await buttons.getByRole('button', { name: 'Center 1' }).click();
  await expect(list).toHaveCount(1);
  await expect(card(page, `${center.firstName} ${center.lastName}`)).toBeVisible();
  await buttons.getByRole('button', { name: 'Home 1' }).click();
  await expect(list).toHaveCount(1);
  await expect(card(page, `${home.firstName} ${home.lastName}`)).toBeVisible();
  await buttons.getByRole('button', { name: 'All 4' }).click();
  await expect(list).toHaveCount(4);
  await expect(page).not.toHaveURL(/category=/);

  // A card opens the student.
  await card(page, `${center.firstName} ${center.lastName}`)
    .getByRole('link', { name: 'View Details' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/students/${center.id}$`));
});

test('an administrator reads a student, converts a pregnant mother with Baby Born, edits and deletes', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // a long journey (with an accessibility check per screenshot) on a shared machine
  const token = await adminToken(request);
  const tag = uniqueTag();
  const teacher = await createTeacher(request, token, { firstName: 'Meera', lastName: uniqueWord() });
  const other = await createTeacher(request, token, { firstName: 'Suren', lastName: uniqueWord() });
  const mother = await apiCreateStudent(request, token, {
    studentId: `BB${tag}`,
    firstName: 'Lakshmi',
    lastName: `Mother${tag}`,
    category: 'SURVIVAL_PROGRAM',
    dateOfBirth: today(),
    isPregnant: true,
    motherAge: 26,
    pregnancyMonths: 8,
    expectedDueDate: daysAgo(-20),
    parentName: 'Husband Name',
    parentPhone: '0771112222',
    parentEmail: `family.${tag}@example.org`,
    address: '4 Lake Road',
    medicalInfo: 'Iron supplements',
    assignedTeacherId: teacher.id,
    homeLatitude: HOME.latitude,
    homeLongitude: HOME.longitude,
    homeLocationName: 'Red house',
  });
  const child = await apiCreateStudent(request, token, {
    studentId: `ED${tag}`,
    firstName: 'Vimal',
    lastName: `Child${tag}`,
    assignedTeacherId: teacher.id,
    parentName: 'Old Parent',
  });

  await signIn(page, firstAdmin());

  // --- detail of the pregnant mother ---------------------------------------------------------------
  await page.goto(`/students/${mother.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Lakshmi Mother${tag}` })).toBeVisible();
  await expect(page.getByText('Pregnant · 8 months')).toBeVisible();
  await expect(page.getByText('Survival Program').first()).toBeVisible();
  const info = page.getByRole('region', { name: 'Student Information' });
  await expect(info).toContainText(`BB${tag}`);
  await expect(info).toContainText('26 years');
  await expect(info).toContainText(`${teacher.firstName} ${teacher.lastName}`);
  const location = page.getByRole('region', { name: 'Home Location' });
  await expect(location).toContainText('Red house');
  await expect(location).toContainText('9.661498, 80.025543');
  const maps = location.getByRole('link', { name: 'View on Google Maps' });
  const href = new URL((await maps.getAttribute('href'))!);
  expect(`${href.origin}${href.pathname}`).toBe('https://www.google.com/maps');
  expect(href.searchParams.get('q')).toBe(`${HOME.latitude},${HOME.longitude}`);
  const stats = page.getByRole('region', { name: 'Quick Stats' });
  await expect(stats).toContainText('Activities');
  await expect(stats).toContainText('Measurements');
  await expect(stats).toContainText('Home Visits');
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toContainText(
    'No activities recorded yet.',
  );
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await snapTop(page, 'students-detail-pregnant');

  // --- Baby Born -----------------------------------------------------------------------------------
  await page.getByRole('button', { name: 'Baby Born' }).click();
  const dialog = page.getByRole('dialog', { name: 'Baby Born' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await apiGetStudent(request, token, mother.id)).isPregnant).toBe(true);
  // The baby is born on the organisation's day (ORG_TIMEZONE), which is not always this machine's.
  const birthDay = await orgToday(request, token);
  await page.getByRole('button', { name: 'Baby Born' }).click();
  await dialog.getByRole('button', { name: 'Confirm Birth' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${mother.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Student' })).toBeVisible();
  await expect(page.getByLabel('Date of birth')).toHaveValue(shownDate(birthDay));
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('0');
  await expect(page.getByLabel('Parent name')).toHaveValue(`Lakshmi Mother${tag}`);
  await expect(page.getByLabel('Category')).toHaveValue('SURVIVAL_PROGRAM');
  const born = await apiGetStudent(request, token, mother.id);
  expect(born).toMatchObject({
    firstName: 'Lakshmi',
    lastName: `Mother${tag}`,
    parentName: `Lakshmi Mother${tag}`,
    parentPhone: '0771112222',
    parentEmail: `family.${tag}@example.org`,
    address: '4 Lake Road',
    medicalInfo: 'Iron supplements',
    assignedTeacherId: teacher.id,
    dateOfBirth: birthDay,
    category: 'SURVIVAL_PROGRAM',
    isPregnant: false,
    pregnancyMonths: null,
    expectedDueDate: null,
    actualBirthDate: birthDay,
    isBabyBorn: true,
  });
  await page.getByLabel('First name').fill('Baby');
  await page.getByLabel('Last name').fill(`Born${tag}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${mother.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Baby Born${tag}` })).toBeVisible();
  await expect(page.getByText('0 years').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Baby Born' })).toHaveCount(0);

  // --- edit ----------------------------------------------------------------------------------------
  await page.goto(`/students/${child.id}`);
  await expect(page.getByRole('button', { name: 'Baby Born' })).toHaveCount(0);
  const childStats = page.getByRole('region', { name: 'Quick Stats' });
  await expect(childStats).toContainText('Measurements');
  await expect(childStats).not.toContainText('Home Visits');
  await expect(page.getByRole('region', { name: 'Home Location' })).toHaveCount(0);
  await snapTop(page, 'students-detail');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${child.id}/edit$`));
  await expect(page.getByText('Home visits are validated against this location within 50m.')).toBeVisible();
  await expect(page.getByLabel('Student ID')).toHaveValue(`ED${tag}`);
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('4');
  await snapTop(page, 'students-edit');
  await page.getByLabel('Parent email').fill('broken@');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Parent email').fill(`new.${tag}@example.org`);
  await page.getByLabel('Parent name').fill(`New Parent${tag}`);
  await typeDate(page.getByLabel('Date of birth'), yearsAgo(6));
  await expect(page.getByLabel('Age', { exact: true })).toHaveValue('6');
  await page.getByLabel('Latitude').fill('9.7');
  await page.getByLabel('Longitude').fill('80.1');
  await page.getByLabel('Home location name').fill('Green door');
  await page
    .getByLabel('Assigned teacher')
    .selectOption({ label: `${other.firstName} ${other.lastName} (0/25)` });

  // A student ID that is taken: the update fails with the server's message in an alert.
  const alertText = nextAlert(page);
  await page.getByLabel('Student ID').fill(`BB${tag}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  expect(await alertText()).toBe('Failed to update student: A student with this student ID already exists');
  await page.getByLabel('Student ID').fill(`ED${tag}-2`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${child.id}$`));
  await expect(page.getByRole('region', { name: 'Student Information' })).toContainText(`New Parent${tag}`);
  await expect(page.getByRole('region', { name: 'Home Location' })).toContainText('Green door');
  expect(await apiGetStudent(request, token, child.id)).toMatchObject({
    studentId: `ED${tag}-2`,
    parentEmail: `new.${tag}@example.org`,
    dateOfBirth: yearsAgo(6),
    homeLatitude: 9.7,
    homeLongitude: 80.1,
    assignedTeacherId: other.id,
  });

  // Moving a pregnant mother out of the Survival Program clears her pregnancy.
  const expecting = await apiCreateStudent(request, token, {
    studentId: `EX${tag}`,
    firstName: 'Asha',
    lastName: `Expecting${tag}`,
    category: 'SURVIVAL_PROGRAM',
    dateOfBirth: today(),
    isPregnant: true,
    motherAge: 31,
    pregnancyMonths: 3,
    expectedDueDate: daysAgo(-180),
  });
  await page.goto(`/students/${expecting.id}/edit`);
  await expect(page.getByText('3 months pregnant')).toBeVisible();
  await page.getByLabel('Category').selectOption('HOME_BASE');
  await expect(page.getByText('Saving with this category clears the pregnancy details.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${expecting.id}$`));
  expect(await apiGetStudent(request, token, expecting.id)).toMatchObject({
    category: 'HOME_BASE',
    isPregnant: false,
    pregnancyMonths: null,
    expectedDueDate: null,
    isBabyBorn: false,
  });

  // --- delete --------------------------------------------------------------------------------------
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Student' });
  await expect(confirm).toContainText(
    'All activities, measurements and home visits of this student will be removed',
  );
  await snapTop(page, 'students-delete-dialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/students$/);
  await expect(page.getByText('Student deleted successfully')).toBeVisible();
  await searchStudents(page, `EX${tag}`);
  await expect(page.getByText('No students found')).toBeVisible();
  await page.goto(`/students/${expecting.id}`);
  await expect(page.getByText('Student not found.')).toBeVisible();

  // Missing records.
  await page.goto('/students/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Student not found.')).toBeVisible();
  await page.goto('/students/not-a-student/edit');
  await expect(page.getByText('Student not found', { exact: true })).toBeVisible();
});

test('a teacher sees and edits only their own students and cannot add or delete', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const tag = uniqueTag();
  const me = await createTeacher(request, token, { firstName: 'Anjali', lastName: uniqueWord() });
  const someoneElse = await createTeacher(request, token, { firstName: 'Bala', lastName: uniqueWord() });
  const mine = await apiCreateStudent(request, token, {
    studentId: `TM${tag}-1`,
    firstName: 'Mine',
    lastName: `One${tag}`,
    assignedTeacherId: me.id,
    parentName: `Parent${tag}`,
  });
  await apiCreateStudent(request, token, {
    studentId: `TM${tag}-2`,
    firstName: 'Mine',
    lastName: `Two${tag}`,
    category: 'HOME_BASE',
    dateOfBirth: yearsAgo(2),
    assignedTeacherId: me.id,
  });
  const theirs = await apiCreateStudent(request, token, {
    studentId: `TM${tag}-3`,
    firstName: 'Theirs',
    lastName: `Three${tag}`,
    assignedTeacherId: someoneElse.id,
  });

  await signIn(page, me);
  await page.goto('/students');
  await expect(page.getByRole('heading', { level: 1, name: 'My Students' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Student' })).toHaveCount(0);
  // Only their own two, with counts for their own students.
  await expect(page.getByRole('list', { name: 'Students' }).getByRole('listitem')).toHaveCount(2);
  await searchStudents(page, tag);
  await expect(card(page, `Mine One${tag}`)).toBeVisible();
  await expect(card(page, `Mine Two${tag}`)).toBeVisible();
  await expect(card(page, `Theirs Three${tag}`)).toHaveCount(0);
  await expect(filterButtons(page).getByRole('button', { name: 'All 2' })).toBeVisible();
  await expect(filterButtons(page).getByRole('button', { name: 'Home 1' })).toBeVisible();
  await expect(filterButtons(page).getByRole('button', { name: 'Survival 0' })).toBeVisible();
  await snapTop(page, 'students-list-teacher');

  // Their student: Edit but no Delete; the edit form has no teacher select.
  await card(page, `Mine One${tag}`).getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Mine One${tag}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await snapTop(page, 'students-detail-teacher');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Student' })).toBeVisible();
  await expect(page.getByLabel('Parent phone')).toBeVisible();
  await expect(page.getByLabel('Assigned teacher')).toHaveCount(0);
  await snapTop(page, 'students-edit-teacher');
  await page.getByLabel('Parent phone').fill('0779998888');
  await page.getByLabel('Medical information').fill('Asthma inhaler');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${mine.id}$`));
  await expect(page.getByRole('region', { name: 'Student Information' })).toContainText('Asthma inhaler');
  const teacherToken = await tokenOf(request, me);
  expect(await apiGetStudent(request, teacherToken, mine.id)).toMatchObject({
    parentPhone: '0779998888',
    assignedTeacherId: me.id,
  });

  // Someone else's student, by address: not found; and no create form.
  await page.goto(`/students/${theirs.id}`);
  await expect(page.getByText('Student not found.')).toBeVisible();
  await page.goto(`/students/${theirs.id}/edit`);
  await expect(page.getByText('Student not found', { exact: true })).toBeVisible();
  await page.goto('/students/create');
  await expect(page.getByText('Only administrators can add students.')).toBeVisible();
  await snapTop(page, 'students-create-teacher');
  await expect(page.getByLabel('Student ID')).toHaveCount(0);
});

test('the location button explains a refused location', async ({ page, context }) => {
  await context.clearPermissions();
  await signIn(page, firstAdmin());
  await page.goto('/students/create');
  // Chromium answers a position request without the permission with PERMISSION_DENIED.
  await page.getByRole('button', { name: 'Use Current Location' }).click();
  await expect(page.getByText('Location access denied. Please enable location permissions.')).toBeVisible();
  await expect(page.getByLabel('Latitude')).toHaveValue('');
});
