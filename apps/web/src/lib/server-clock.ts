/**
 * The server's clock as the answers' `Date` headers tell it. File links expire by the server's clock
 * (`expires=` in unix seconds); a phone whose clock is minutes off would otherwise refresh them too late,
 * after they died, or far too early.
 */
let offsetMs = 0;

/** Takes the `Date` header of an answer received at `receivedAt` (the local clock). */
export function noteServerDate(header: string | null | undefined, receivedAt = Date.now()): void {
  if (!header) return;
  const at = Date.parse(header);
  if (Number.isFinite(at)) offsetMs = at - receivedAt;
}

/** Now, by the server's clock (to the second: `Date` has no finer unit). */
export const serverNow = (): number => Date.now() + offsetMs;
