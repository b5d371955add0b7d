import { OFFLINE_RECORDS } from '@csp/contracts/constants';

/**
 * "Recorded offline, sent 5 h later" for a record that reached the server well after it was made on
 * the phone (a visit's recordedAt and createdAt, a check-in's checkIn and checkInReceivedAt); null for
 * one sent at once, or whose arrival is not known.
 */
export function sentLaterText(madeAt: string, receivedAt: string | null | undefined): string | null {
  if (!receivedAt) return null;
  const late = Date.parse(receivedAt) - Date.parse(madeAt);
  if (!(late > OFFLINE_RECORDS.clockSkewMs)) return null;
  const minutes = Math.round(late / 60_000);
  if (minutes < 60) return `Recorded offline, sent ${minutes} min later`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `Recorded offline, sent ${hours} h later`;
  return `Recorded offline, sent ${Math.round(hours / 24)} days later`;
}
