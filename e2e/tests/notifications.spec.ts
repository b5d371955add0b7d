import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { closeWelcomeToast, signIn, snap, type Account, uniqueEmail } from '../support/helpers.ts';
import { adminToken, createStudent, createUser } from '../support/seed-people.ts';

const COUNT = 12;
const pupil = (i: number) => `Pupil${String(i).padStart(2, '0')}`;

/** Assigns a new student to the teacher through the API: the server notifies the teacher. */
const assignPupil = (request: APIRequestContext, token: string, teacherId: string, i: number) =>
  createStudent(request, token, {
    firstName: pupil(i),
    lastName: 'Inbox',
    dateOfBirth: '2020-06-15',
    assignedTeacherId: teacherId,
  });

/**
 * A fresh teacher with `count` unread 'student_assigned' notifications: the first admin creates the
 * teacher and assigns `count` new students to them through the API (the server notifies on each).
 */
async function teacherWithNotifications(
  request: APIRequestContext,
  count = COUNT,
): Promise<Account & { id: string }> {
  const token = await adminToken(request);
  const teacher = await createUser(request, token, {
    email: uniqueEmail('inbox'),
    password: 'inbox-pass-1',
    firstName: 'Indra',
    lastName: 'Inbox',
  });
  for (let i = 1; i <= count; i++) await assignPupil(request, token, teacher.id, i);
  return teacher;
}

const isPath = (url: string, path: string) => new URL(url).pathname === path;
/** A GET /api/notifications (the inbox list, not the counts) asking for this page and page size. */
const isInboxPage = (url: string, page: number, limit: number) => {
  const u = new URL(url);
  return (
    u.pathname === '/api/notifications' &&
    u.searchParams.get('page') === String(page) &&
    u.searchParams.get('limit') === String(limit)
  );
};

const row = (page: Page, i: number) =>
  page
    .getByRole('list', { name: 'Notifications list' })
    .getByRole('listitem')
    .filter({ hasText: `${pupil(i)} Inbox` });
const counter = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function expectCounters(page: Page, total: number, unread: number) {
  await expect(counter(page, 'Total')).toContainText(String(total));
  await expect(counter(page, 'Unread')).toContainText(String(unread));
  await expect(counter(page, 'Read')).toContainText(String(total - unread));
}

test('a teacher reads, filters, pages, bulk-deletes and marks all notifications read', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // a long journey on a machine that other runs may share
  const teacher = await teacherWithNotifications(request);
  await signIn(page, teacher);
  await closeWelcomeToast(page);

  // The bell counts the unread notifications and opens the inbox.
  const bellBadge = page.getByTestId('notifications-unread-badge');
  await expect(bellBadge).toHaveText(String(COUNT));
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText(`${COUNT} unread`, { exact: true })).toBeVisible();
  await expectCounters(page, COUNT, COUNT);
  await expect(page.getByText(`Showing 1-10 of ${COUNT}`)).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  // The server pages: page 2 is asked for with page=2&limit=10 and shows the two oldest.
  const pager = page.getByRole('navigation', { name: 'Notification pages' });
  const secondPage = page.waitForRequest((r) => isInboxPage(r.url(), 2, 10));
  await pager.getByRole('button', { name: 'Page 2', exact: true }).click();
  await secondPage;
  await expect(page.getByText(`Showing 11-${COUNT} of ${COUNT}`)).toBeVisible();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(row(page, 1)).toBeVisible();
  await expect(row(page, COUNT)).toHaveCount(0);
  await pager.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect(page.getByText(`Showing 1-10 of ${COUNT}`)).toBeVisible();

  // Newest first; each row has its title, message, 'New' badge and actions.
  const newest = row(page, COUNT);
  await expect(
    page.getByRole('list', { name: 'Notifications list' }).getByRole('listitem').first(),
  ).toContainText(`${pupil(COUNT)} Inbox`);
  await expect(newest).toContainText('New student assigned');
  await expect(newest).toContainText('Student Assigned');
  await expect(newest.getByText('New', { exact: true })).toBeVisible();
  await snap(page, 'notifications');

  // Mark one read.
  await newest.getByRole('button', { name: 'Mark as read' }).click();
  await expect(toast(page, 'Notification marked as read')).toBeVisible();
  await expect(newest.getByText('New', { exact: true })).toHaveCount(0);
  await expect(newest.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expectCounters(page, COUNT, COUNT - 1);
  await expect(bellBadge).toHaveText(String(COUNT - 1));

  // Status tabs.
  await page.getByRole('tab', { name: 'Unread', exact: true }).click();
  await expect(page.getByText(`Showing 1-10 of ${COUNT - 1}`)).toBeVisible();
  await expect(row(page, COUNT)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Read', exact: true }).click();
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  await expect(row(page, COUNT)).toBeVisible();
  await page.getByRole('tab', { name: 'All', exact: true }).click();

  // Search over title and message.
  await page.getByLabel('Search notifications').fill(pupil(3));
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  await expect(row(page, 3)).toBeVisible();
  await page.getByLabel('Search notifications').fill('');

  // More Filters: type and date, then clear.
  await expect(page.getByLabel('Type')).toBeHidden();
  await page.getByRole('button', { name: 'More Filters' }).click();
  await page.getByLabel('Type').selectOption({ label: 'Gift Assignment' });
  await expect(page.getByText('No notifications', { exact: true })).toBeVisible();
  await expect(page.getByText('No notifications match your search or filters.')).toBeVisible();
  await page.getByRole('tab', { name: 'Unread', exact: true }).click();
  await expect(page.getByText('No unread notifications', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'All', exact: true }).click();
  await page.getByLabel('Type').selectOption({ label: 'Student Assigned' });
  await page.getByLabel('Date').selectOption({ label: 'Today' });
  await expect(page.getByText(`Showing 1-10 of ${COUNT}`)).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'Measurement Reminder' });
  await expect(page.getByText('No notifications', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Type')).toHaveValue('ALL');
  await expect(page.getByLabel('Date')).toHaveValue('all');
  await expect(page.getByText(`Showing 1-10 of ${COUNT}`)).toBeVisible();

  // Page size 5: three pages; a filter change goes back to page 1.
  await page.getByLabel('Per page').selectOption('5');
  await expect(page.getByText(`Showing 1-5 of ${COUNT}`)).toBeVisible();
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(3);
  await pager.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page.getByText(`Showing 6-10 of ${COUNT}`)).toBeVisible();
  await expect(row(page, COUNT - 5)).toBeVisible();
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(`Showing 11-12 of ${COUNT}`)).toBeVisible();
  await expect(page.getByText('Page 3 of 3')).toBeVisible();
  await page.getByLabel('Search notifications').fill('Pupil');
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await page.getByLabel('Search notifications').fill('');

  // Select two and bulk delete, after a cancelled first attempt.
  await row(page, 11).getByRole('checkbox').check();
  await row(page, 10).getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete notifications' });
  await expect(dialog).toContainText('Delete the 2 selected notifications?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 11)).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Delete notifications' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Selected notifications deleted')).toBeVisible();
  await expect(row(page, 11)).toHaveCount(0);
  await expect(row(page, 10)).toHaveCount(0);
  await expectCounters(page, COUNT - 2, COUNT - 3);
  await expect(page.getByText(`Showing 1-5 of ${COUNT - 2}`)).toBeVisible();

  // Select two unread and mark them read in bulk.
  await row(page, 9).getByRole('checkbox').check();
  await row(page, 8).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Mark as Read', exact: true }).click();
  await expect(toast(page, 'Selected notifications marked as read')).toBeVisible();
  await expect(row(page, 9).getByText('New', { exact: true })).toHaveCount(0);
  await expectCounters(page, COUNT - 2, COUNT - 5);
  await expect(bellBadge).toHaveText(String(COUNT - 5));

  // Select all on the page, then one delete by its own button.
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByText('5 selected')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).uncheck();
  await expect(page.getByText('5 selected')).toHaveCount(0);
  await row(page, 7).getByRole('button', { name: 'Delete notification' }).click();
  await expect(toast(page, 'Notification deleted')).toBeVisible();
  await expect(row(page, 7)).toHaveCount(0);
  await expectCounters(page, COUNT - 3, COUNT - 6);

  // Mark all as read.
  await page.getByRole('button', { name: `Mark All as Read (${COUNT - 6})` }).click();
  await expect(toast(page, 'All notifications marked as read')).toBeVisible();
  await expectCounters(page, COUNT - 3, 0);
  await expect(page.getByRole('button', { name: /Mark All as Read/ })).toHaveCount(0);
  await expect(bellBadge).toBeHidden();
  await page.getByRole('tab', { name: 'Unread', exact: true }).click();
  await expect(page.getByText('No unread notifications', { exact: true })).toBeVisible();
  await expect(page.getByText("You're all caught up!")).toBeVisible();
  await page.getByRole('tab', { name: 'All', exact: true }).click();
  await snap(page, 'notifications-read');

  // The server kept every change.
  await page.reload();
  await expectCounters(page, COUNT - 3, 0);
});

test('the bell polls the unread count every 30 s and never loads the inbox', async ({ page, request }) => {
  const teacher = await teacherWithNotifications(request, 2);
  const token = await adminToken(request);
  // Timers under the test's control: 30 s of polling pass in a moment.
  await page.clock.install();
  const inboxCalls: string[] = [];
  page.on('request', (r) => {
    if (isPath(r.url(), '/api/notifications')) inboxCalls.push(r.url());
  });
  const firstCount = page.waitForRequest((r) => isPath(r.url(), '/api/notifications/counts'));
  await signIn(page, teacher);
  await firstCount;
  const bellBadge = page.getByTestId('notifications-unread-badge');
  await expect(bellBadge).toHaveText('2');

  // A third student is assigned meanwhile; the next poll, 30 s later, shows it.
  await assignPupil(request, token, teacher.id, 3);
  const nextCount = page.waitForRequest((r) => isPath(r.url(), '/api/notifications/counts'));
  await page.clock.fastForward(31_000);
  await nextCount;
  await expect(bellBadge).toHaveText('3');
  expect(inboxCalls).toEqual([]);
});
