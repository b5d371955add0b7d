import { STALE_EDIT_MESSAGE } from '@csp/contracts';
import { conflict } from './errors.ts';

/**
 * An edit that names the version it was made over (`updatedAt` as the editor read it) is refused with
 * 409 when the record has been saved since (decision 0027). Called on the row read under its lock, so no
 * other write can come between the check and the edit. Without a version the last write wins.
 */
export function assertEditedVersion(current: { updatedAt: Date }, edited: string | undefined): void {
  if (edited !== undefined && Date.parse(edited) !== current.updatedAt.getTime()) {
    throw conflict(STALE_EDIT_MESSAGE);
  }
}
