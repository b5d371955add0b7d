import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { auth, snapTop } from '../support/forms.ts';
import { firstAdmin, signIn } from '../support/helpers.ts';
import { adminToken, createTeacher, uniqueTag, uniqueWord } from '../support/seed-people.ts';

// The office location (spec part 2 §2.8, §5, §8, §9): the active location, initializing the default,
// setting a new one in two steps with the typed confirmation phrase, the device's position, and the
// history. Journeys share one database and other journeys may have set a location already, so the
// first step depends on what the API answers.

interface OfficeLocationRecord {
  id: string;
  latitude: number;
  longitude: number;
  address: string | null;
  radiusMeters: number;
  setBy: { firstName: string; lastName: string } | null;
  createdAt: string;
  isActive: boolean;
}

interface Defaults {
  confirmationPhrase: string;
  latitude: number;
  longitude: number;
  address: string;
  radiusMeters: number;
}

const PAGE = '/admin/office-location';
/** Coordinates as the page shows them, 6 decimals. */
const coordinates = (p: { latitude: number; longitude: number }) =>
  `${p.latitude.toFixed(6)}, ${p.longitude.toFixed(6)}`;
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The history table (its scroll container is a region of the same name). */
const historyRows = (page: Page) => page.getByRole('table', { name: 'Location History' }).getByRole('row');

async function current(request: APIRequestContext, token: string) {
  const res = await request.get('/api/office-location/current', auth(token));
  expect(res.status(), await res.text()).toBe(200);
  const text = await res.text();
  return (text && text !== 'null' ? JSON.parse(text) : null) as OfficeLocationRecord | null;
}

async function defaults(request: APIRequestContext, token: string) {
  const res = await request.get('/api/office-location/defaults', auth(token));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Defaults;
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

test('an admin initializes the default location when none is set, then sets a new one with the confirmation phrase', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const admin = firstAdmin();
  const form = await defaults(request, token);
  const before = await current(request, token);

  await signIn(page, admin);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Attendance' }).click();
  await nav.getByRole('link', { name: 'Office Location', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/office-location$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Office Location' })).toBeVisible();
  const panel = region(page, 'Current Office Location');

  let previous: OfficeLocationRecord;
  if (before === null) {
    // --- none set: initialize the programme's default ----------------------------------------------
    await expect(panel.getByText('No Office Location Set')).toBeVisible();
    await shot(page, 'office-location-none');
    await panel.getByRole('button', { name: 'Initialize Default Location' }).click();
    await expect(toast(page, 'Default office location initialized successfully!')).toBeVisible();
    await expect(panel).toContainText(coordinates(form));
    await expect(panel).toContainText(`${form.radiusMeters} m`);
    const initialized = await current(request, token);
    expect(initialized).not.toBeNull();
    previous = initialized!;
    // Initializing again is refused: a location is set.
    const again = await request.post('/api/office-location/initialize-default', auth(token));
    expect(again.status()).toBe(409);
  } else {
    previous = before;
    await expect(panel).toContainText(coordinates(before));
  }
  await expect(panel).toContainText(previous.address ?? 'Not specified');
  await expect(panel.getByRole('link', { name: /View on Google Maps/ })).toHaveAttribute(
    'href',
    `https://www.google.com/maps?q=${encodeURIComponent(`${previous.latitude},${previous.longitude}`)}`,
  );
  await expect(panel.getByRole('link', { name: /View on Google Maps/ })).toHaveAttribute('target', '_blank');

  // --- set a new location: the form starts from the defaults ---------------------------------------
  const setForm = region(page, 'Set New Location');
  const latitude = setForm.getByRole('textbox', { name: 'Latitude' });
  const longitude = setForm.getByRole('textbox', { name: 'Longitude' });
  const radius = setForm.getByRole('textbox', { name: 'Validation radius (metres)' });
  await expect(latitude).toHaveValue(String(form.latitude));
  await expect(radius).toHaveValue(`${form.radiusMeters} m`);

  // Required coordinates and the radius bounds are checked before the confirmation step.
  await latitude.fill('');
  await radius.fill('600');
  await setForm.getByRole('button', { name: 'Continue' }).click();
  await expect(setForm.getByText('Latitude is required')).toBeVisible();
  await expect(
    setForm.getByText(/^Radius must be a whole number of metres between 10 and 500/),
  ).toBeVisible();
  await expect(setForm.getByRole('textbox', { name: 'Confirmation code' })).toHaveCount(0);

  const tag = uniqueTag();
  const place = { latitude: 9.3 + Math.random() / 100, longitude: 80.4 + Math.random() / 100 };
  place.latitude = Number(place.latitude.toFixed(6));
  place.longitude = Number(place.longitude.toFixed(6));
  const address = `Programme office ${uniqueWord()} ${tag}`;
  await latitude.fill(String(place.latitude));
  await longitude.fill(String(place.longitude));
  await setForm.getByRole('textbox', { name: 'Address' }).fill(address);
  await radius.fill('120');
  await expect(
    setForm.getByRole('link', { name: new RegExp(`Preview ${coordinates(place)} on the map`) }),
  ).toHaveAttribute(
    'href',
    `https://www.google.com/maps?q=${encodeURIComponent(`${place.latitude},${place.longitude}`)}`,
  );
  await setForm.getByRole('button', { name: 'Continue' }).click();

  const code = setForm.getByRole('textbox', { name: 'Confirmation code' });
  await expect(code).toBeVisible();
  await expect(setForm.getByText(form.confirmationPhrase, { exact: true })).toBeVisible();
  await shot(page, 'office-location-confirm');

  // A wrong code is refused before anything is sent.
  await code.fill('CONFIRM_LOCATION');
  await setForm.getByRole('button', { name: 'Confirm Update' }).click();
  await expect(
    setForm.getByText(`Invalid confirmation code. Please type "${form.confirmationPhrase}"`),
  ).toBeVisible();
  expect((await current(request, token))?.id).toBe(previous.id);

  await code.fill(form.confirmationPhrase);
  await setForm.getByRole('button', { name: 'Confirm Update' }).click();
  await expect(toast(page, 'Office location updated successfully!')).toBeVisible();
  await expect(code).toHaveCount(0);
  await expect(panel).toContainText(address);
  await expect(panel).toContainText(coordinates(place));
  await expect(panel).toContainText('120 m');
  await expect(panel).toContainText(`${admin.firstName} ${admin.lastName}`);

  // --- the history: the new one Active, the earlier one Inactive ------------------------------------
  const newRow = historyRows(page).filter({ hasText: address });
  await expect(newRow).toHaveCount(1);
  await expect(newRow).toContainText('Active');
  await expect(newRow).toContainText(coordinates(place));
  const oldRow = historyRows(page)
    .filter({ hasText: coordinates(previous) })
    .first();
  await expect(oldRow).toContainText('Inactive');
  await shot(page, 'office-location-set');

  const after = await current(request, token);
  expect(after).toMatchObject({ address, radiusMeters: 120, isActive: true, ...place });
});

test("'Use Current Location' fills the coordinates from the device", async ({ page, context }) => {
  const here = { latitude: 9.661234, longitude: 80.025678 };
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(here);
  await signIn(page, firstAdmin());
  await page.goto(PAGE);
  const setForm = region(page, 'Set New Location');
  await setForm.getByRole('button', { name: 'Use Current Location' }).click();
  await expect(toast(page, 'Current location captured!')).toBeVisible();
  await expect(setForm.getByRole('textbox', { name: 'Latitude' })).toHaveValue(String(here.latitude));
  await expect(setForm.getByRole('textbox', { name: 'Longitude' })).toHaveValue(String(here.longitude));
  await expect(
    setForm.getByRole('link', { name: new RegExp(`Preview ${coordinates(here)} on the map`) }),
  ).toBeVisible();
});

test('without permission to the position the page asks for coordinates by hand', async ({
  page,
  context,
}) => {
  await context.clearPermissions();
  await signIn(page, firstAdmin());
  await page.goto(PAGE);
  await region(page, 'Set New Location').getByRole('button', { name: 'Use Current Location' }).click();
  await expect(
    toast(page, 'Failed to get current location. Please enter coordinates manually.'),
  ).toBeVisible();
});

test('a teacher sees that the page is for administrators', async ({ page, request }) => {
  const token = await adminToken(request);
  const teacher = await createTeacher(request, token, { firstName: 'Nila', lastName: uniqueWord() });
  await signIn(page, teacher);
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Office Location' })).toBeVisible();
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Set New Location' })).toHaveCount(0);
  await shot(page, 'office-location-teacher');
});
