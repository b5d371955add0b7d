import { expect, test, type Locator, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { expectImageLoaded } from '../support/forms.ts';
import { closeWelcomeToast, firstAdmin, newTeacher, signIn, snap } from '../support/helpers.ts';

/** A real PNG (solid colour, `size`×`size`), built here so the server's magic-byte check sees a PNG. */
function pngBuffer(size = 24, rgb: [number, number, number] = [13, 148, 136]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rowBytes = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => rgb).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => rowBytes));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const detail = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
const userMenu = (page: Page) => page.getByRole('button', { name: 'User menu' });

/** The picture comes from the files API and has loaded. */
async function expectPictureLoaded(img: Locator) {
  await expect(img).toHaveAttribute('src', /\/api\/files\//);
  await expectImageLoaded(img);
}

test('a teacher edits the profile, sets and removes a picture, and changes the password', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // a long journey on a machine that other runs may share
  const teacher = await newTeacher(request, 'Prof');
  await signIn(page, teacher);
  await closeWelcomeToast(page);
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // View mode.
  const main = page.getByRole('main');
  await expect(main.getByText('Prof Field', { exact: true })).toBeVisible();
  await expect(main.getByText('Teacher', { exact: true }).first()).toBeVisible();
  await expect(detail(page, 'First name')).toHaveText('Prof');
  await expect(detail(page, 'Last name')).toHaveText('Field');
  await expect(detail(page, 'Email')).toHaveText(teacher.email);
  await expect(detail(page, 'Phone')).toHaveText('Not provided');
  await expect(detail(page, 'Role')).toHaveText('Teacher');
  await expect(detail(page, 'Member since')).toHaveText(new RegExp(String(new Date().getFullYear())));
  await expect(page.getByRole('heading', { name: 'Development Partner' })).toBeVisible();
  await expect(page.getByText('Partner Software Solutions')).toBeVisible();
  await snap(page, 'profile');

  // Edit mode: names required, email read-only, then save.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(teacher.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByText('Email cannot be changed')).toBeVisible();
  await expect(page.getByText('JPEG, JPG, PNG or WebP, up to 5MB')).toBeVisible();
  await page.getByLabel('First name').fill('  ');
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Kumar');
  await page.getByLabel('Phone').fill('077 123 4567');
  await snap(page, 'profile-edit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(main.getByText('Priya Kumar', { exact: true })).toBeVisible();
  await expect(detail(page, 'Phone')).toHaveText('077 123 4567');
  await expect(userMenu(page)).toContainText('Priya Kumar');
  await page.reload();
  await expect(detail(page, 'First name')).toHaveText('Priya');
  await expect(userMenu(page)).toContainText('Priya Kumar');

  // Cancel leaves the profile unchanged.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('First name').fill('Nobody');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(detail(page, 'First name')).toHaveText('Priya');

  // Upload a picture: it shows on the page and in the top bar at once.
  await expect(userMenu(page).locator('img')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngBuffer() });
  await expect(page.getByText('Selected: me.png', { exact: false })).toBeVisible();
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated successfully!')).toBeVisible();
  await expectPictureLoaded(page.getByTestId('profile-avatar').locator('img'));
  await expectPictureLoaded(userMenu(page).locator('img'));
  await snap(page, 'profile-picture');

  // Remove it again: initials come back.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(toast(page, 'Profile picture deleted successfully!')).toBeVisible();
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveCount(0);
  await expect(page.getByTestId('profile-avatar')).toHaveText('PK');
  await expect(userMenu(page).locator('img')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove picture' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByTestId('profile-avatar')).toHaveText('PK');

  // Password: a separate section with its own messages.
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const newPassword = 'fresh-pass-2';
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('abc');
  await page.getByLabel('Confirm new password').fill('abc');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('New password must be at least 6 characters long')).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await snap(page, 'profile-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Current password is incorrect')).toBeVisible();
  await page.getByLabel('Current password').fill(teacher.password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Password changed successfully!')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);

  // The session continues on the new token.
  await page.reload();
  await expect(detail(page, 'First name')).toHaveText('Priya');
  await expect(page).toHaveURL(/\/profile$/);

  // Sign out; only the new password signs in.
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  page.on('dialog', (d) => void d.accept());
  await page.getByLabel('Email address').fill(teacher.email);
  await page.getByLabel('Password').fill(teacher.password);
  await page.getByRole('button', { name: 'Sign in to your account' }).click();
  await expect(page.getByText('Wrong email or password. Please try again.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, { email: teacher.email, password: newPassword });
  await expect(userMenu(page)).toContainText('Priya Kumar');
});

test('the administrator sees their own profile', async ({ page }) => {
  const admin = firstAdmin();
  await signIn(page, admin);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(detail(page, 'Email')).toHaveText(admin.email);
  await expect(detail(page, 'Role')).toHaveText('Administrator');
  await expect(page.getByRole('main').locator('.mantine-Badge-root', { hasText: /^Admin$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeVisible();
  await snap(page, 'profile-admin');
});
