/** Form and page helpers shared by the activity and measurement journeys. */
import { expect, type Locator, type Page } from '@playwright/test';
import { shownDate } from './dates.ts';
import { snap } from './helpers.ts';

/** The Authorization header of an API call made by a journey. */
export const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** Desktop and phone screenshots taken from the top of the page. */
export async function snapTop(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await snap(page, name);
}

/** Types a date into a date picker and leaves it. */
export async function typeDate(field: Locator, iso: string) {
  await field.fill(iso);
  await field.press('Escape');
  await field.blur();
  await expect(field).toHaveValue(shownDate(iso));
}

/** Chooses a student in the student picker by (part of) their name. */
export async function pickStudent(page: Page, name: string) {
  const box = page.getByRole('textbox', { name: 'Student', exact: true });
  await box.click();
  await box.fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(box).toHaveValue(name);
}

/** The image has been loaded and decoded (its signed link works). */
export async function expectImageLoaded(img: Locator) {
  await expect
    .poll(() => img.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
}
