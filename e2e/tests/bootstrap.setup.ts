import { expect, test } from '@playwright/test';
import { readCode, saveFirstAdmin, uniqueEmail, type Account } from '../support/helpers.ts';

// Runs first, on an empty database: the first administrator registers through the UI and is active
// at once (bootstrap). Every other journey signs in as this administrator or registers teachers.
test('the first administrator registers through the UI with the emailed code', async ({ page, request }) => {
  const admin: Account = {
    email: uniqueEmail('first.admin'),
    password: 'admin-pass-1',
    firstName: 'Anjali',
    lastName: 'Admin',
    role: 'ADMIN',
  };
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  await page.getByLabel('First name').fill(admin.firstName);
  await page.getByLabel('Last name').fill(admin.lastName);
  await page.getByLabel('Email address').fill(admin.email);
  await page.getByLabel('Role').selectOption('ADMIN');
  await page.getByLabel('Password').fill(admin.password);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('OTP sent to your email!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify OTP' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(admin.email);

  const code = await readCode(request, admin.email, since);
  await page.getByLabel('OTP code').fill(code);
  await page.getByRole('button', { name: 'Verify & Register' }).click();
  await expect(page.getByText('Registration successful! Please login.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email address').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in to your account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome back, ${admin.firstName}!` }),
  ).toBeVisible();
  saveFirstAdmin(admin);
});
