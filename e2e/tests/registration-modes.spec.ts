import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { readCode, snap, uniqueEmail } from '../support/helpers.ts';

/**
 * The registration settings as a person meets them (decision 0030). The journeys' own server runs with
 * the defaults (open registration, no setup token); this file starts a second server of its own on
 * another port, on a fresh embedded database of its own, with the same built web app and mail server:
 * first with TEACHER_REGISTRATION=approval and FIRST_ADMIN_SETUP=token, then again on the same database
 * with TEACHER_REGISTRATION=closed.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const runDir = path.resolve(process.env.E2E_RUN_DIR || path.join(import.meta.dirname, '..', '.run'));
const APP_PORT = Number(process.env.E2E_APP_PORT || 3100);
const PORT = Number(process.env.E2E_SECOND_APP_PORT || APP_PORT + 1);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT || 2525);
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(runDir, 'data-registration-modes');

const WAITING = 'Your account is waiting for approval by an administrator.';
const COMMON = 'This password is too common. Please choose another one.';

interface Server {
  process: ChildProcess;
  output: string[];
}

/** Starts the second server with `env` on top of the journeys' settings; resolves once it answers. */
async function startServer(request: APIRequestContext, env: Record<string, string>): Promise<Server> {
  const output: string[] = [];
  const child = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      WEB_DIST_DIR: path.join(runDir, 'web'),
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: 'Programme <no-reply@programme.test>',
      PUBLIC_URL: BASE,
      AUTH_IP_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server stopped: ${output.join('')}`);
        return (await request.get(`${BASE}/api/health`).catch(() => undefined))?.status();
      },
      { timeout: 90_000, intervals: [250, 500, 1000], message: 'the second server did not start' },
    )
    .toBe(200);
  return { process: child, output };
}

async function stopServer(server: Server | undefined) {
  if (!server || server.process.exitCode !== null) return;
  const stopped = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await stopped;
}

/** The setup token as the server printed it at start. */
function printedSetupToken(server: Server): string {
  const match = /setup token: ([A-Z2-7]{4}(?:-[A-Z2-7]{4}){5})/.exec(server.output.join(''));
  expect(match, 'a setup token in the server output').not.toBeNull();
  return match![1];
}

async function fillRegistration(
  page: Page,
  person: { firstName: string; lastName: string; email: string; role: 'ADMIN' | 'TEACHER'; password: string },
) {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email address').fill(person.email);
  await page.getByLabel('Role').selectOption(person.role);
  await page.getByLabel('Password').fill(person.password);
}

/** Sends the form, reads the mailed code, verifies; waits for /login. */
async function sendAndVerify(page: Page, request: APIRequestContext, email: string, toast: string) {
  const since = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify OTP' })).toBeVisible();
  await page.getByLabel('OTP code').fill(await readCode(request, email, since));
  await page.getByRole('button', { name: 'Verify & Register' }).click();
  await expect(page.getByText(toast)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

async function signInHere(page: Page, account: { email: string; password: string }) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in to your account' }).click();
}

test.describe.configure({ mode: 'serial' });

const admin = {
  firstName: 'Nadia',
  lastName: 'Setup',
  email: uniqueEmail('setup.admin'),
  role: 'ADMIN' as const,
  password: 'setup-pass-31',
};
const teacher = {
  firstName: 'Waruni',
  lastName: 'Waiting',
  email: uniqueEmail('waiting.teacher'),
  role: 'TEACHER' as const,
  password: 'waiting-pass-32',
};

test.describe('a server with TEACHER_REGISTRATION=approval and FIRST_ADMIN_SETUP=token', () => {
  let server: Server | undefined;
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    rmSync(DATA_DIR, { recursive: true, force: true });
    server = await startServer(request, { TEACHER_REGISTRATION: 'approval', FIRST_ADMIN_SETUP: 'token' });
  });
  test.afterAll(async () => stopServer(server));

  test('the first administrator registers with the setup token the server printed', async ({
    page,
    request,
  }) => {
    const token = printedSetupToken(server!);
    await page.goto(`${BASE}/register`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    // Only for an administrator, and only while there is none.
    await expect(page.getByLabel('Setup token')).toHaveCount(0);
    await fillRegistration(page, admin);
    const field = page.getByRole('textbox', { name: 'Setup token' });
    await expect(field).toBeVisible();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('Setup token is required')).toBeVisible();
    await snap(page, 'register-setup-token');

    await field.fill('AAAA-BBBB-CCCC-DDDD-EEEE-FFFF');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const wrong = 'The setup token is not correct. Copy it from the server log and try again.';
    // At the field, and in the toast.
    await expect(page.getByText(wrong)).toHaveCount(2);

    await field.fill(token);
    await sendAndVerify(page, request, admin.email, 'Registration successful! Please login.');
    await signInHere(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Now that there is an administrator, the field is gone.
    await page.goto(`${BASE}/register`);
    await page.getByLabel('Role').selectOption('ADMIN');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    await expect(page.getByLabel('Setup token')).toHaveCount(0);
  });

  test('a teacher is refused a common password, registers, and waits for approval until an administrator activates them', async ({
    page,
    browser,
    request,
  }) => {
    await page.goto(`${BASE}/register`);
    await expect(
      page.getByText('A new teacher account can sign in once an administrator has approved it.'),
    ).toBeVisible();
    await fillRegistration(page, { ...teacher, password: 'Password1' });
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const field = page.getByLabel('Password');
    await expect(field).toHaveAccessibleDescription(new RegExp(COMMON.replace('.', '\\.')));
    await snap(page, 'register-common-password');

    await field.fill(teacher.password);
    await sendAndVerify(
      page,
      request,
      teacher.email,
      'Registration successful. Your account is waiting for approval by an administrator.',
    );

    page.on('dialog', (dialog) => void dialog.accept());
    await signInHere(page, teacher);
    await expect(page.getByRole('alert').filter({ hasText: WAITING })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await snap(page, 'login-waiting-for-approval');

    // The administrator finds the notification and activates the account.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const adminPage = await adminContext.newPage();
    await signInHere(adminPage, admin);
    await expect(adminPage).toHaveURL(/\/dashboard$/);
    const users = await adminPage.request.get(
      `${BASE}/api/users?search=${encodeURIComponent(teacher.email)}`,
      {
        headers: {
          authorization: `Bearer ${await adminPage.evaluate(() => localStorage.getItem('token'))}`,
        },
      },
    );
    const [waiting] = (await users.json()) as { id: string; isActive: boolean }[];
    expect(waiting.isActive).toBe(false);
    await adminPage.goto(`${BASE}/notifications`);
    await expect(adminPage.getByText('New teacher awaiting approval').first()).toBeVisible();
    await adminPage.goto(`${BASE}/users/${waiting.id}/edit`);
    const active = adminPage.getByRole('checkbox', { name: 'Active User' });
    await expect(active).not.toBeChecked();
    await active.check();
    await adminPage.getByRole('button', { name: 'Save Changes' }).click();
    await expect(adminPage.getByText('User updated successfully!')).toBeVisible();
    await adminContext.close();

    await signInHere(page, teacher);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('the same server again with TEACHER_REGISTRATION=closed', () => {
  let server: Server | undefined;
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    server = await startServer(request, { TEACHER_REGISTRATION: 'closed', FIRST_ADMIN_SETUP: 'token' });
  });
  test.afterAll(async () => stopServer(server));

  test('the registration page says teachers get their accounts from an administrator', async ({ page }) => {
    // The programme has its administrator: nothing is printed about a setup token any more.
    expect(server!.output.join('')).not.toContain('setup token');
    await page.goto(`${BASE}/register`);
    const notice = page.getByRole('note').filter({ hasText: 'Teachers: ask your administrator' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(
      'Teacher accounts are created by an administrator. Please ask your administrator for an account.',
    );
    await expect(page.getByRole('option', { name: 'Teacher (created by an administrator)' })).toBeDisabled();
    await snap(page, 'register-closed');

    // The server refuses it whatever a page sends.
    const res = await page.request.post(`${BASE}/api/auth/register`, {
      data: { ...teacher, email: uniqueEmail('closed.teacher') },
    });
    expect(res.status()).toBe(403);
  });
});
