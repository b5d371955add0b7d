import { systemClock, type Clock } from '../lib/service-deps.ts';
import { audit, auditEach } from './audit/audit.ts';
import { notify, notifyEach } from './notifications/notify.ts';

/**
 * The effects every service may be given besides its repository (decision 0034). Here rather than in
 * lib/, which sits below the modules: the audit trail and the inbox are modules.
 */

/** The audit trail's writes, passed in so a unit test records them instead of writing rows. */
export interface AuditTrail {
  audit: typeof audit;
  auditEach: typeof auditEach;
}

/** The inbox's writes, passed in for the same reason. */
export interface Notifier {
  notify: typeof notify;
  notifyEach: typeof notifyEach;
}

/** The collaborators every service may be given; the app uses these real ones. */
export interface Effects {
  clock: Clock;
  audit: AuditTrail;
  notify: Notifier;
}

export const realEffects: Effects = {
  clock: systemClock,
  audit: { audit, auditEach },
  notify: { notify, notifyEach },
};
