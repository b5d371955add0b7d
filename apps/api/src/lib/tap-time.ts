import { OFFLINE_RECORDS, RECORDED_AT_MESSAGES } from '@csp/contracts';
import { badRequest } from './errors.ts';

/**
 * The time a record was made, from the time its client sent (the tap, ISO) and the time it arrived
 * (`now`): the arrival when the client sent none or the two agree within the clocks' usual error (a
 * record sent at once, by the spec's client too), else the tap: a record made offline and sent later.
 * A tap in the future or older than `maxAgeDays` is refused (400).
 */
export function tapTime(sent: string | null | undefined, now: Date, maxAgeDays: number): Date {
  if (!sent) return now;
  const tap = new Date(sent);
  const ahead = tap.getTime() - now.getTime();
  if (Math.abs(ahead) <= OFFLINE_RECORDS.clockSkewMs) return now;
  if (ahead > 0) throw badRequest(RECORDED_AT_MESSAGES.inFuture);
  if (-ahead > maxAgeDays * 24 * 60 * 60_000) throw badRequest(RECORDED_AT_MESSAGES.tooOld(maxAgeDays));
  return tap;
}
