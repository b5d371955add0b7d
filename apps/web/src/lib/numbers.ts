/**
 * A whole number with thousands separators, '12,345': the app's counts. Written out rather than with
 * `toLocaleString()`, whose first call in a page loads the browser's number-formatting data (a long
 * task in Chromium, on the dashboard's first render); the app's texts are English, so its
 * figures are too, whatever the phone's language. Other numbers are shown as they are.
 */
export function formatCount(n: number): string {
  return Number.isInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : String(n);
}
