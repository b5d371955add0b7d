import { expect, test } from '@playwright/test';
import {
  closeWelcomeToast,
  firstAdmin,
  newTeacher,
  readCode,
  registerViaApi,
  signIn,
  snap,
  uniqueEmail,
} from '../support/helpers.ts';

test.describe('sign in and sign out', () => {
  test('signs in, shows the dashboard, signs out to /login', async ({ page }) => {
    const admin = firstAdmin();
    await page.goto('/login');
    await snap(page, 'login');
    await signIn(page, admin);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    // Protected pages now send the visitor back to /login.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    // The server ended the session: the old token is dead, not merely forgotten by the browser.
    const after = await page.request.get('/api/auth/profile', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status()).toBe(401);
  });

  test('/login comes with the sign-in page in its HTML, hydrated without errors or shifts', async ({
    page,
    browser,
    request,
  }) => {
    // The server sends the prerendered page for /login only: a signed-in path comes with the loading
    // frame of the signed-in pages (shell.spec.ts), the other public pages start empty.
    expect(await (await request.get('/login')).text()).toContain('Sign in to your account');
    const dashboardHtml = await (await request.get('/dashboard')).text();
    expect(dashboardHtml).not.toContain('Sign in to your account');
    expect(dashboardHtml).toContain('role="status" aria-label="Loading"');
    expect(await (await request.get('/register')).text()).toContain('<div id="root"></div>');
    // The signed-in pages' chunks are preloaded for /dashboard, not for the public pages.
    const preloads = (html: string) => html.match(/rel="modulepreload"/g)?.length ?? 0;
    for (const publicPage of ['/login', '/register', '/forgot-password']) {
      expect(preloads(await (await request.get(publicPage)).text()), publicPage).toBeLessThan(
        preloads(dashboardHtml),
      );
    }
    const boxes = async (p: typeof page) =>
      Promise.all(
        [p.getByLabel('Email address'), p.getByRole('button', { name: 'Sign in to your account' })].map((l) =>
          l.boundingBox(),
        ),
      );
    // Without scripts: the form is there, where the app puts it.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    const still = await noScript.newPage();
    await still.goto('/login');
    await expect(still.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(still).toHaveTitle('Sign in · Child Support Programme');
    const before = await boxes(still);
    await noScript.close();

    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/login');
    // Hydrated: submitting runs the form's validation instead of the browser's own submit.
    await page.getByRole('button', { name: 'Sign in to your account' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Child Support Programme');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await boxes(page)).toEqual(before);
    // Signed in, /login still shows the sign-in page (it never sent a signed-in visitor away): the
    // same markup hydrates.
    await signIn(page, firstAdmin());
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/login$/);
    expect(errors).toEqual([]);
  });

  test('what is typed into the prerendered form before the sign-in page’s code is in is kept', async ({
    page,
  }) => {
    // The sign-in page's chunk is held back: the form on screen is login.html's, not yet React's.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/LoginPage-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const account = firstAdmin();
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    // React takes the form over (its first effect asks for the form's rules), keeping what was typed.
    const takenOver = page.waitForRequest(/\/assets\/login-validation-[\w-]+\.js$/);
    release();
    await takenOver;
    await expect(page.getByLabel('Email address')).toHaveValue(account.email);
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await page.getByRole('button', { name: 'Sign in to your account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('remembers the page a visitor came from and returns there after sign-in', async ({ page }) => {
    const admin = firstAdmin();
    await page.goto('/leaves/apply');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in to your account' }).click();
    await expect(page).toHaveURL(/\/leaves\/apply$/);
  });

  test('sends unknown paths and / to the dashboard', async ({ page }) => {
    await signIn(page, firstAdmin());
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('shows the validation messages and maps server errors', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in to your account' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password').fill('123');
    await page.getByRole('button', { name: 'Sign in to your account' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await page.getByLabel('Email address').fill(firstAdmin().email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in to your account' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Wrong email or password. Please try again.' }),
    ).toBeVisible();
    expect(alerts).toContain('Wrong email or password. Please try again.');
    // Typing clears the error.
    await page.getByLabel('Password').fill('wrong-password2');
    await expect(page.getByText('Wrong email or password. Please try again.')).toHaveCount(0);
  });

  test('an administrator registering later waits inactive: sign-in says the account is disabled', async ({
    page,
    request,
  }) => {
    const account = {
      email: uniqueEmail('late.admin'),
      password: 'late-admin-1',
      firstName: 'Late',
      lastName: 'Admin',
      role: 'ADMIN' as const,
    };
    await registerViaApi(request, account);
    page.on('dialog', (d) => void d.accept());
    await page.goto('/login');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in to your account' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Account disabled. Contact administrator.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The first administrator was notified and sees it in the inbox.
    await signIn(page, firstAdmin());
    await closeWelcomeToast(page);
    await expect(page.getByTestId('notifications-unread-badge')).toBeVisible();
    await page.getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByText(`Late Admin (${account.email})`, { exact: false }).first()).toBeVisible();
    await snap(page, 'notifications-admin');
  });
});

test.describe('registration', () => {
  test('checks the form, then registers a teacher who can sign in', async ({ page, request }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Role is required')).toBeVisible();
    await page.getByLabel('Email address').fill('bad@');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await snap(page, 'register-step1');

    const email = uniqueEmail('new.teacher');
    await page.getByLabel('First name').fill('Nadia');
    await page.getByLabel('Last name').fill('Field');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Phone').fill('+94 77 000 1111');
    await page.getByLabel('Role').selectOption('TEACHER');
    await page.getByLabel('Password').fill('teach-pass-9');
    const since = Date.now();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify OTP' })).toBeVisible();
    await expect(page.getByLabel('OTP code')).toHaveAttribute('maxlength', '6');
    await page.getByRole('button', { name: 'Verify & Register' }).click();
    await expect(page.getByText('OTP is required')).toBeVisible();
    await page.getByLabel('OTP code').fill('12');
    await page.getByRole('button', { name: 'Verify & Register' }).click();
    await expect(page.getByText('OTP must be 6 digits')).toBeVisible();
    await snap(page, 'register-step2');

    const code = await readCode(request, email, since);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('OTP code').fill(wrong);
    await page.getByRole('button', { name: 'Verify & Register' }).click();
    await expect(page.getByText('Invalid or expired OTP').first()).toBeVisible();
    await page.getByLabel('OTP code').fill(code);
    await page.getByRole('button', { name: 'Verify & Register' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, { email, password: 'teach-pass-9' });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Nadia!' })).toBeVisible();
  });
});

test.describe('forgot password', () => {
  test('resets the password with the emailed code; only the new password works afterwards', async ({
    page,
    request,
  }) => {
    const teacher = await newTeacher(request, 'Resetta');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('link', { name: 'Back to Sign In' })).toBeVisible();
    await snap(page, 'forgot-password');
    await page.getByLabel('Email address').fill(teacher.email);
    let since = Date.now();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('OTP sent to your email. Check your inbox and spam folder.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveValue(teacher.email);
    const first = await readCode(request, teacher.email, since);

    since = Date.now();
    await page.getByRole('button', { name: 'Resend OTP' }).click();
    await expect(page.getByText('OTP sent again. Check your email.')).toBeVisible();
    const second = await readCode(request, teacher.email, since);
    await snap(page, 'forgot-password-reset');

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('OTP is required')).toBeVisible();
    await expect(page.getByText('New password is required')).toBeVisible();
    await expect(page.getByText('Please confirm your password')).toBeVisible();
    await page.getByLabel('OTP code').fill('123');
    await page.getByLabel('New password').fill('new-pass-77');
    await page.getByLabel('Confirm password').fill('other-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('OTP must be exactly 6 digits')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm password').fill('new-pass-77');
    if (first !== second) {
      // The resend replaced the first code.
      await page.getByLabel('OTP code').fill(first);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(
        page.getByText('Password reset failed. Please check your OTP and try again.'),
      ).toBeVisible();
    }
    await page.getByLabel('OTP code').fill(second);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByText('Password changed successfully. Please login with your new password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    page.on('dialog', (d) => void d.accept());
    await page.getByLabel('Email address').fill(teacher.email);
    await page.getByLabel('Password').fill(teacher.password);
    await page.getByRole('button', { name: 'Sign in to your account' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Wrong email or password. Please try again.' }),
    ).toBeVisible();
    await signIn(page, { email: teacher.email, password: 'new-pass-77' });
  });
});
