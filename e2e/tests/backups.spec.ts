import { expect, test } from '@playwright/test';
import { firstAdmin, signIn, snap } from '../support/helpers.ts';
import { adminToken, createTeacher, tokenOf, uniqueWord } from '../support/seed-people.ts';

interface BackupStatus {
  enabled: boolean;
  everyHours: number;
  count: number;
  latest: { takenAt: string; bytes: number } | null;
  lastFailure: { at: string; message: string } | null;
  overdue: boolean;
}

const warning = 'Backups need attention';

test('an administrator is warned on the dashboard when backups are not being made, and only then', async ({
  page,
  request,
}) => {
  // The journeys' server runs on the embedded database with the default settings: it took a backup as
  // it started, so all is well and the dashboard says nothing of backups.
  const token = await adminToken(request);
  const res = await request.get('/api/backups', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const real = (await res.json()) as BackupStatus;
  expect(real).toMatchObject({ enabled: true, everyHours: 24, lastFailure: null, overdue: false });
  expect(real.count).toBeGreaterThanOrEqual(1);

  await signIn(page, firstAdmin());
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
  await expect(page.getByText(warning)).toHaveCount(0);

  // The server's disk fills up: its next run fails (the API's answer to that is tested in
  // apps/api/src/db/backups.test.ts; here the answer is made so, as a full disk cannot be made here).
  const failedAt = new Date().toISOString();
  await page.route('**/api/backups', (route) =>
    route.fulfill({
      json: {
        ...real,
        lastFailure: { at: failedAt, message: 'ENOSPC: no space left on device, write' },
        overdue: true,
      } satisfies BackupStatus,
    }),
  );
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: warning });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('The last backup failed (');
  await expect(alert).toContainText('ENOSPC: no space left on device, write.');
  await expect(alert).toContainText('Please ask whoever looks after the server to check it');
  await snap(page, 'dashboard-backup-warning');
});

test('a teacher’s dashboard never asks about backups', async ({ page, request }) => {
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Nimal', lastName: uniqueWord() });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/backups')) asked.push(r.url());
  });
  await signIn(page, teacher);
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
  // Every call of the dashboard has been made and answered.
  await expect(page.getByRole('heading', { name: 'Student Measurement Status' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  await expect(page.getByText(warning)).toHaveCount(0);

  const denied = await request.get('/api/backups', {
    headers: { Authorization: `Bearer ${await tokenOf(request, teacher)}` },
  });
  expect(denied.status()).toBe(403);
});
