import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { expectNoA11yViolations } from './a11y.ts';

const MAIL = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT || 2526}`;
const runDir = path.resolve(process.env.E2E_RUN_DIR || path.join(import.meta.dirname, '..', '.run'));
/** The web build the server of this run sends (playwright.config.ts builds it there). */
export const webDistDir = path.join(runDir, 'web');
export const screenshotDir = path.resolve(
  process.env.E2E_SCREENSHOT_DIR || path.join(import.meta.dirname, '../../screenshots'),
);

let n = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${process.pid}.${++n}@programme.test`;

/** The newest 6-digit code mailed to `to` after `since` (epoch ms); waits for it to arrive. */
export async function readCode(request: APIRequestContext, to: string, since = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${MAIL}/messages?to=${encodeURIComponent(to)}`);
        const list = (await res.json()) as { raw: string; receivedAt: number }[];
        const fresh = list.filter((m) => m.receivedAt >= since);
        const raw = fresh.at(-1)?.raw;
        code = raw?.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 15_000, message: `no code mailed to ${to}` },
    )
    .toBeTruthy();
  return code!;
}

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'ADMIN' | 'TEACHER';
}

/** Registers through the API (register + emailed code + verify-otp). */
export async function registerViaApi(request: APIRequestContext, account: Account): Promise<void> {
  const since = Date.now();
  const reg = await request.post('/api/auth/register', {
    data: {
      email: account.email,
      password: account.password,
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const { data } = await reg.json();
  const otp = await readCode(request, account.email, since);
  const verify = await request.post('/api/auth/verify-otp', {
    data: { email: account.email, otp, tempData: data.tempData },
  });
  expect(verify.status(), await verify.text()).toBeLessThan(300);
}

export async function newTeacher(request: APIRequestContext, firstName = 'Tara'): Promise<Account> {
  const account: Account = {
    email: uniqueEmail(firstName.toLowerCase()),
    password: 'teach-pass-1',
    firstName,
    lastName: 'Field',
    role: 'TEACHER',
  };
  await registerViaApi(request, account);
  return account;
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in to your account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The toast that greets a person who has just signed in (spec: 'Welcome back!'). */
export const WELCOME = 'Welcome back!';
export const welcomeToast = (page: Page) => page.getByRole('alert').filter({ hasText: WELCOME });

/**
 * Closes the greeting toast with its ✕, as a person would. On a desktop it stands over the bell and the
 * account menu for its 6 s, and a pointer that rests on it keeps it there (Mantine pauses a toast under
 * the pointer): a journey whose next step is in that corner closes it first rather than racing it (a
 * click that moves the pointer there just before the toast slides in finds the toast in the way, for
 * good).
 */
export async function closeWelcomeToast(page: Page) {
  const toast = welcomeToast(page);
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast).toHaveCount(0);
}

/** The first administrator, registered through the UI by the bootstrap project. */
const adminFile = path.join(runDir, 'first-admin.json');
export function saveFirstAdmin(account: Account) {
  mkdirSync(runDir, { recursive: true });
  writeFileSync(adminFile, JSON.stringify(account));
}
export function firstAdmin(): Account {
  if (!existsSync(adminFile)) throw new Error('the bootstrap project has not registered the first admin');
  return JSON.parse(readFileSync(adminFile, 'utf8')) as Account;
}

/**
 * Saves desktop and phone (360 px) screenshots of the current page into ./screenshots for a human look,
 * and checks the page at both widths with axe-core for a machine look (support/a11y.ts).
 */
export async function snap(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: path.join(screenshotDir, `${name}-desktop.png`), fullPage: true });
  await expectNoA11yViolations(page, name);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-phone.png`), fullPage: true });
  await expectNoA11yViolations(page, name);
  if (size) {
    await page.setViewportSize(size);
    // The page lays itself out again (the layout moves the page beside the sidebar, with Mantine's
    // AppShell transition of 200 ms), and the test's next click must land on the settled page: without
    // this wait a click once hit the place a button had had at the phone's width (the growth journey's
    // Save, 260 px to the left).
    await page.waitForTimeout(400);
  }
}

/**
 * The first `method` request to `url` reaches the server and is carried out, but its answer never comes
 * back (a phone that lost its connection); later ones go through. Returns how many answers were lost.
 */
export async function loseFirstAnswer(page: Page, url: string, method: string): Promise<() => number> {
  let lost = 0;
  await page.route(url, async (route) => {
    if (route.request().method() !== method || lost > 0) return route.fallback();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  return () => lost;
}
