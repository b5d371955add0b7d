import { OFFLINE_RECORDS, RECORDED_AT_MESSAGES } from '@csp/contracts';
import { badRequest } from './errors.ts';

/**
 * The time a record was made on the phone, from the time its client sent (the tap, ISO), when that is
 * earlier than its arrival (`now`): a record made offline and sent later. Undefined when the client
 * sent none or the two agree within the clocks' usual error (a record sent at once, by the spec's
 * client too), which then takes the server's time. A tap in the future or older than `maxAgeDays` is
 * refused (400).
 */
export function earlierTap(sent: string | null | undefined, now: Date, maxAgeDays: number): Date | undefined {
  if (!sent) return undefined;
  const tap = new Date(sent);
  const ahead = tap.getTime() - now.getTime();
  if (Math.abs(ahead) <= OFFLINE_RECORDS.clockSkewMs) return undefined;
  if (ahead > 0) throw badRequest(RECORDED_AT_MESSAGES.inFuture);
  if (-ahead > maxAgeDays * 24 * 60 * 60_000) throw badRequest(RECORDED_AT_MESSAGES.tooOld(maxAgeDays));
  return tap;
}
