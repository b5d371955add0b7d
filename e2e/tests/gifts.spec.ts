import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { daysAgo, shownDate } from '../support/dates.ts';
import { auth, expectImageLoaded, pickStudent, snapTop, typeDate } from '../support/forms.ts';
import { closeWelcomeToast, firstAdmin, screenshotDir, signIn } from '../support/helpers.ts';
import { pngFile } from '../support/images.ts';
import {
  adminToken,
  createStudent,
  createTeacher,
  tokenOf,
  uniqueTag,
  uniqueWord,
} from '../support/seed-people.ts';

// Gifts (spec part 2 §2.3 "Gifts", §4, §5, §8, §9) for both roles: an administrator assigns gifts in
// bulk (the student's name filled in from the student ID, refused rows shown by the rows they came
// from), the teacher hears of them, finds them, delivers one with an evidence photo; an administrator
// cancels one, edits one and deletes one; another teacher cannot reach them and teachers get no admin
// pages. Journeys run in parallel on one database: every teacher, student and gift ID is new.

interface GiftRecord {
  id: string;
  giftId: string | null;
  name: string | null;
  giftSubType: string | null;
  notes: string | null;
  amount: number | null;
  giftDate: string;
  studentId: string;
  status: 'IN_PROGRESS' | 'PENDING' | 'DELIVERED' | 'CANCELLED';
  deliveredBy: { firstName: string; lastName: string } | null;
  cancelledBy: { firstName: string; lastName: string } | null;
  evidenceImage: string | null;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const giftCards = (page: Page) =>
  page.getByRole('list', { name: 'Gifts', exact: true }).getByRole('listitem');
const giftCard = (page: Page, title: string, student: string) =>
  page.getByRole('listitem', { name: `${title}, ${student}`, exact: true });
/** A cell of the bulk form (a card a row, a table on wide screens): named by column and row. */
const cell = (page: Page, column: string, row: number) =>
  page.getByLabel(`${column}, row ${row}`, { exact: true });

/** The page is no wider than the window (nothing sticks out sideways). */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'))
    .toBeLessThanOrEqual(0);
}

/** Screenshots (support/forms.ts snapTop) without the toasts over the page's top. */
async function shot(page: Page, name: string) {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(close).toHaveCount(0);
  await snapTop(page, name);
}

async function apiGift(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/gifts/${id}`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as GiftRecord;
}

/** The gifts an administrator finds by a search (gift IDs of a journey share its tag). */
async function apiSearch(request: APIRequestContext, token: string, search: string) {
  const res = await request.get(`/api/gifts?search=${encodeURIComponent(search)}`, auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as GiftRecord[];
}

/** Fills one row of the bulk table. */
async function fillRow(
  page: Page,
  row: number,
  fields: { studentId: string; giftId: string; sponsor?: string; subType?: string; amount: string },
) {
  await cell(page, 'Student ID', row).fill(fields.studentId);
  await cell(page, 'Gift ID', row).fill(fields.giftId);
  if (fields.sponsor) await cell(page, 'Global sponsor ID', row).fill(fields.sponsor);
  if (fields.subType) await cell(page, 'Gift sub type', row).fill(fields.subType);
  await cell(page, 'Amount', row).fill(fields.amount);
}

test('an admin bulk-assigns three gifts; the teacher hears of them and delivers one with a photo; an admin cancels, edits and deletes', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  const tag = uniqueTag();
  const admin = firstAdmin();
  const adminName = `${admin.firstName} ${admin.lastName}`;
  const teacher = await createTeacher(request, token, { firstName: 'Gowri', lastName: uniqueWord() });
  const other = await createTeacher(request, token, { firstName: 'Other', lastName: uniqueWord() });
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;
  const codes = [`GS-${tag}-1`, `GS-${tag}-2`, `GS-${tag}-3`];
  const [bag, shoes, books] = await Promise.all(
    codes.map((studentId, i) =>
      createStudent(request, token, {
        firstName: ['Anbu', 'Bala', 'Chitra'][i],
        lastName: uniqueWord(),
        assignedTeacherId: teacher.id,
        studentId,
      }),
    ),
  );
  const bagName = `${bag.firstName} ${bag.lastName}`;
  const shoesName = `${shoes.firstName} ${shoes.lastName}`;
  const booksName = `${books.firstName} ${books.lastName}`;
  const giftIds = [`G-${tag}-1`, `G-${tag}-2`, `G-${tag}-3`];
  const bagDay = daysAgo(3);

  // --- the administrator's list and the bulk form ----------------------------------------------------
  await signIn(page, admin);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Gifts' })
    .click();
  await expect(page).toHaveURL(/\/gifts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gifts' })).toBeVisible();
  await page.getByRole('link', { name: 'Assign Gifts' }).click();
  await expect(page).toHaveURL(/\/gifts\/bulk-assign$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Gift Assignment' })).toBeVisible();

  // One row to start with; it cannot be removed; status Pending and today's date by default.
  await expect(page.getByRole('button', { name: 'Remove row 1' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove row 2' })).toHaveCount(0);
  await expect(cell(page, 'Status', 1)).toHaveValue('PENDING');
  await expect(cell(page, 'Gift date', 1)).not.toHaveValue('');
  await expect(cell(page, 'Student name', 1)).toHaveValue('');

  // Nothing complete: nothing is sent.
  await page.getByRole('button', { name: 'Assign Gifts' }).click();
  await expect(page.getByText('Please fill in at least one complete row')).toBeVisible();
  await cell(page, 'Student ID', 1).fill(codes[0]);
  await cell(page, 'Gift ID', 1).fill(giftIds[0]);
  await cell(page, 'Amount', 1).fill('0');
  await expect(page.getByText('Please fill in at least one complete row')).toHaveCount(0);
  await page.getByRole('button', { name: 'Assign Gifts' }).click();
  await expect(page.getByText('Please fill in at least one complete row')).toBeVisible();

  // Row 1: the name is filled in from the student ID.
  await fillRow(page, 1, {
    studentId: codes[0],
    giftId: giftIds[0],
    sponsor: `SP-${tag}`,
    subType: 'School bag',
    amount: '25.5',
  });
  await expect(cell(page, 'Student name', 1)).toHaveValue(bagName);
  await typeDate(cell(page, 'Gift date', 1), bagDay);

  // Row 2: a student ID nobody has.
  await page.getByRole('button', { name: 'Add Row' }).click();
  await fillRow(page, 2, { studentId: `NOPE-${tag}`, giftId: giftIds[1], subType: 'Raincoat', amount: '10' });
  await expect(cell(page, 'Student name', 2)).toHaveValue('No student found');

  // Row 3, then a 4th row added and removed again.
  await page.getByRole('button', { name: 'Add Row' }).click();
  await fillRow(page, 3, { studentId: codes[1], giftId: giftIds[2], subType: 'Shoes', amount: '40' });
  await expect(cell(page, 'Student name', 3)).toHaveValue(shoesName);
  await page.getByRole('button', { name: 'Add Row' }).click();
  await expect(cell(page, 'Student ID', 4)).toHaveValue('');
  await page.getByRole('button', { name: 'Remove row 4' }).click();
  await expect(cell(page, 'Student ID', 4)).toHaveCount(0);
  await expect(page.getByText('3 of 3 rows complete')).toBeVisible();

  // All or nothing: row 2 is refused, nothing is stored, and the reason is shown at row 2.
  await page.getByRole('button', { name: 'Assign Gifts' }).click();
  await expect(toast(page, 'Some rows could not be assigned: nothing was saved')).toBeVisible();
  await expect(page.getByText('No student has this student ID')).toBeVisible();
  await expect(cell(page, 'Student ID', 2)).toHaveAttribute('aria-invalid', 'true');
  await expect(cell(page, 'Student ID', 1)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('One row needs a correction: see the message in the row.')).toBeVisible();
  await expect(page.getByText('3 of 3 rows complete, 1 to correct')).toBeVisible();
  expect(await apiSearch(request, token, `G-${tag}`)).toHaveLength(0);
  await expectNoSidewaysScroll(page);
  await shot(page, 'gifts-bulk-assign');
  // On a wide screen the rows are a table, still inside the window.
  await page.setViewportSize({ width: 1410, height: 900 });
  const table = page.getByRole('table', { name: 'Gifts to assign' });
  await expect(table).toBeVisible();
  await expect(table.getByLabel('Student ID, row 2', { exact: true })).toHaveValue(`NOPE-${tag}`);
  await expect(table.getByText('No student has this student ID')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: path.join(screenshotDir, 'gifts-bulk-assign-wide.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(table).toHaveCount(0);

  await cell(page, 'Student ID', 2).fill(codes[2]);
  await expect(page.getByText('No student has this student ID')).toHaveCount(0);
  await expect(cell(page, 'Student name', 2)).toHaveValue(booksName);
  await expect(page.getByText('3 of 3 rows complete', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Assign Gifts' }).click();
  await expect(toast(page, 'Gifts assigned successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/gifts$/);

  const stored = await apiSearch(request, token, `G-${tag}`);
  expect(stored).toHaveLength(3);
  const byCode = (giftId: string) => stored.find((g) => g.giftId === giftId)!;
  expect(byCode(giftIds[0])).toMatchObject({
    studentId: bag.id,
    giftSubType: 'School bag',
    amount: 25.5,
    giftDate: bagDay,
    status: 'PENDING',
  });
  expect(byCode(giftIds[1])).toMatchObject({ studentId: books.id, giftSubType: 'Raincoat', amount: 10 });
  expect(byCode(giftIds[2])).toMatchObject({ studentId: shoes.id, giftSubType: 'Shoes', status: 'PENDING' });
  const bagGift = byCode(giftIds[0]);
  const raincoatGift = byCode(giftIds[1]);
  const shoesGift = byCode(giftIds[2]);

  // The administrator's list: the teacher on each card; found by the teacher's name.
  await page.getByLabel('Search gifts').fill(teacher.lastName);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(teacher.lastName);
  await expect(giftCards(page)).toHaveCount(3);
  const adminBagCard = giftCard(page, 'School bag', bagName);
  await expect(adminBagCard).toContainText('Pending');
  await expect(adminBagCard).toContainText(teacherName);
  await expect(adminBagCard).toContainText(shownDate(bagDay));
  await expect(adminBagCard).toContainText('Not yet');
  // The teacher filter too.
  await page.getByRole('button', { name: 'Show Filters' }).click();
  const teacherBox = page.getByRole('textbox', { name: 'Teacher', exact: true });
  await teacherBox.click();
  await teacherBox.fill(teacher.lastName);
  await page.getByRole('option', { name: teacherName }).click();
  await expect(teacherBox).toHaveValue(teacherName);
  await expect.poll(() => new URL(page.url()).searchParams.get('teacherId')).toBe(teacher.id);
  await expect(giftCards(page)).toHaveCount(3);
  await shot(page, 'gifts-list-admin');

  // --- the teacher is told, finds the gifts and delivers one with a photo ---------------------------
  const teacherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const mine = await teacherContext.newPage();
  await signIn(mine, teacher);
  await closeWelcomeToast(mine);
  await expect(mine.getByTestId('notifications-unread-badge')).not.toHaveText('');
  await mine.getByRole('link', { name: 'Notifications' }).click();
  await expect(mine).toHaveURL(/\/notifications$/);
  const inbox = mine.getByRole('list', { name: 'Notifications list' });
  await expect(inbox.getByRole('listitem', { name: 'New gift assigned' })).toHaveCount(3);
  await expect(inbox).toContainText(
    `School bag (gift ID ${giftIds[0]}) was assigned to ${bagName} (${codes[0]}).`,
  );

  await mine
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Gifts' })
    .click();
  await expect(mine).toHaveURL(/\/gifts$/);
  await expect(mine.getByRole('link', { name: 'Assign Gifts' })).toHaveCount(0);
  await expect(giftCards(mine)).toHaveCount(3);
  const bagCard = giftCard(mine, 'School bag', bagName);
  await expect(bagCard).not.toContainText(teacherName);
  // No teacher filter for teachers; the status filter narrows the list and a change goes to page 1.
  await mine.getByRole('button', { name: 'Show Filters' }).click();
  await expect(mine.getByRole('textbox', { name: 'Teacher', exact: true })).toHaveCount(0);
  await mine.getByLabel('Status', { exact: true }).selectOption('DELIVERED');
  await expect.poll(() => new URL(mine.url()).searchParams.get('status')).toBe('DELIVERED');
  await expect(mine.getByText('No gifts found')).toBeVisible();
  await mine.getByRole('button', { name: 'Clear filters' }).click();
  await expect(giftCards(mine)).toHaveCount(3);
  await shot(mine, 'gifts-list-teacher');

  await bagCard.getByRole('link', { name: 'View Details' }).click();
  await expect(mine).toHaveURL(new RegExp(`/gifts/${bagGift.id}$`));
  await expect(mine.getByRole('heading', { level: 1, name: 'Gift Details' })).toBeVisible();
  const info = region(mine, 'Gift Information');
  await expect(info).toContainText(giftIds[0]);
  await expect(info).toContainText('School bag');
  await expect(info).toContainText(bagName);
  await expect(info).toContainText('Center Base');
  await expect(info).toContainText(teacherName);
  await expect(info).toContainText(shownDate(bagDay));
  await expect(info).toContainText('Not yet delivered');
  await expect(mine.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const actions = region(mine, 'Actions');
  const evidence = actions.getByLabel('Evidence photo (optional)', { exact: true });
  // Not an image: refused before sending.
  await evidence.setInputFiles({
    name: 'receipt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4'),
  });
  await expect(toast(mine, 'Please select a valid image file')).toBeVisible();
  await evidence.setInputFiles(
    pngFile('handover.png', [
      [220, 60, 120],
      [250, 230, 240],
    ]),
  );
  await expect(actions.getByRole('list', { name: 'Evidence photo (optional): 1 chosen' })).toBeVisible();
  await shot(mine, 'gifts-detail-open');
  await actions.getByRole('button', { name: 'Confirm Delivery' }).click();
  await expect(toast(mine, 'Gift status updated successfully!')).toBeVisible();
  await expect(actions).toContainText('Gift delivered');
  await expect(actions).toContainText(teacherName);
  await expectImageLoaded(actions.getByRole('img', { name: `Evidence photo: School bag for ${bagName}` }));
  await expect(mine.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Confirm Delivery' })).toHaveCount(0);
  await shot(mine, 'gifts-detail-delivered');
  const delivered = await apiGift(request, token, bagGift.id);
  expect(delivered).toMatchObject({
    status: 'DELIVERED',
    deliveredBy: { firstName: teacher.firstName, lastName: teacher.lastName },
  });
  expect(delivered.evidenceImage).toBeTruthy();

  // --- another teacher: not their students, not their pages ------------------------------------------
  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const theirs = await otherContext.newPage();
  await signIn(theirs, other);
  await theirs.goto(`/gifts/${shoesGift.id}`);
  await expect(theirs.getByRole('heading', { level: 1, name: 'Gift Details' })).toBeVisible();
  await expect(theirs.getByText('Gift not found.')).toBeVisible();
  await theirs.getByRole('link', { name: 'Back to Gifts' }).click();
  await expect(theirs).toHaveURL(/\/gifts$/);
  await expect(theirs.getByText('No gifts found')).toBeVisible();
  await theirs.goto('/gifts/bulk-assign');
  await expect(theirs.getByRole('heading', { level: 1, name: 'Bulk Gift Assignment' })).toBeVisible();
  await expect(theirs.getByText('You do not have access to this page.')).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Assign Gifts' })).toHaveCount(0);
  await theirs.goto(`/gifts/${shoesGift.id}/edit`);
  await expect(theirs.getByText('You do not have access to this page.')).toBeVisible();
  const refused = await request.patch(
    `/api/gifts/${shoesGift.id}/cancel`,
    auth(await tokenOf(request, other)),
  );
  expect(refused.status()).toBe(404);
  await otherContext.close();

  // --- the administrator cancels the shoes ------------------------------------------------------------
  await page.goto(`/gifts/${shoesGift.id}`);
  await expect(region(page, 'Gift Information')).toContainText(shoesName);
  await region(page, 'Actions').getByRole('button', { name: 'Cancel Gift' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel Gift' });
  await expect(cancelDialog).toContainText(`Cancel Shoes for ${shoesName}?`);
  await cancelDialog.getByRole('button', { name: 'Cancel Gift' }).click();
  await expect(toast(page, 'Gift status updated successfully!')).toBeVisible();
  await expect(cancelDialog).toHaveCount(0);
  await expect(region(page, 'Actions')).toContainText('Gift cancelled');
  await expect(region(page, 'Actions')).toContainText(adminName);
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  expect(await apiGift(request, token, shoesGift.id)).toMatchObject({ status: 'CANCELLED' });

  // The teacher sees the result: no actions left.
  await mine.goto(`/gifts/${shoesGift.id}`);
  await expect(region(mine, 'Actions')).toContainText('Gift cancelled');
  await expect(region(mine, 'Actions').getByRole('button')).toHaveCount(0);

  // --- the administrator edits the raincoat ---------------------------------------------------------
  await page.goto(`/gifts/${raincoatGift.id}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/gifts/${raincoatGift.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Gift' })).toBeVisible();
  await expect(page.getByLabel('Gift ID')).toHaveValue(giftIds[1]);
  await expect(page.getByLabel('Gift sub-type')).toHaveValue('Raincoat');
  await expect(page.getByRole('textbox', { name: 'Student', exact: true })).toHaveValue(booksName);
  // Neither a name nor a sub-type.
  await page.getByLabel('Gift sub-type').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please provide either gift name or gift sub-type')).toBeVisible();
  // A gift ID another gift has.
  await page.getByLabel('Gift name').fill('Winter jacket');
  await page.getByLabel('Gift ID').fill(giftIds[0]);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('A gift with this gift ID already exists').first()).toBeVisible();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByLabel('Gift ID').fill(`${giftIds[1]}-B`);
  await pickStudent(page, bagName);
  await page.getByLabel('Notes').fill('Size 8, dark blue.');
  await shot(page, 'gifts-edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Gift updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/gifts/${raincoatGift.id}$`));
  await expect(page.getByText(`Winter jacket · ${bagName}`)).toBeVisible();
  await expect(region(page, 'Gift Information')).toContainText(`${giftIds[1]}-B`);
  await expect(region(page, 'Notes')).toContainText('Size 8, dark blue.');
  expect(await apiGift(request, token, raincoatGift.id)).toMatchObject({
    giftId: `${giftIds[1]}-B`,
    name: 'Winter jacket',
    giftSubType: null,
    studentId: bag.id,
    notes: 'Size 8, dark blue.',
  });

  // --- and deletes it ---------------------------------------------------------------------------------
  await page.getByRole('button', { name: 'Delete' }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete Gift' });
  await expect(deleteDialog).toContainText('Are you sure you want to delete this gift?');
  await deleteDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Gift deleted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/gifts$/);
  const gone = await request.get(`/api/gifts/${raincoatGift.id}`, auth(token));
  expect(gone.status()).toBe(404);
  await page.goto(`/gifts/${raincoatGift.id}`);
  await expect(page.getByText('Gift not found.')).toBeVisible();

  // The teacher's list now: the delivered bag and the cancelled shoes.
  await mine.goto('/gifts');
  await expect(giftCards(mine)).toHaveCount(2);
  await expect(giftCard(mine, 'School bag', bagName)).toContainText('Delivered');
  await expect(giftCard(mine, 'Shoes', shoesName)).toContainText('Cancelled');
  await teacherContext.close();
});
