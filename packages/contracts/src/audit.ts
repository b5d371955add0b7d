import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { pageQueryFields } from './paging.ts';

/** The audit trail (issue 11): who changed what, when. Read by administrators; written only by the server. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'permanent_delete',
  'review',
  'check_in',
  'check_out',
  'sign_in',
  'sign_in_failed',
  'password_change',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = [
  'user',
  'student',
  'activity',
  'measurement',
  'home_visit',
  'gift',
  'leave',
  'attendance',
  'office_location',
  'settings',
  /** A stored file (an upload): the file sweeper's deletions of the ones no record points at. */
  'file',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for a failed sign-in (actorEmail: the email tried) and for the server's own jobs (both null). */
  actorId: z.string().nullable(),
  /** Null only for the server's own jobs (the category move, the file sweeper): shown as "System". */
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The changed fields and their new values (never secrets). */
  changes: z.record(z.string(), z.unknown()),
  /**
   * The names of the people and children whose ids the changes hold ('assignedTeacherId', a visit's
   * 'studentId'), by id; absent when there are none.
   */
  names: z.record(z.string(), z.string()).optional(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const day = z.string().refine(isIsoDate, { message: 'Dates must be dates (YYYY-MM-DD)' });

// GET /api/audit?entity=&entityId=&actorId=&action=&from=&to=&page=&limit=
export const auditListQuerySchema = z.strictObject({
  entity: z
    .enum(AUDIT_ENTITIES, { message: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` })
    .optional(),
  entityId: z.uuid({ message: 'entityId must be a valid identifier' }).optional(),
  actorId: z.uuid({ message: 'actorId must be a valid identifier' }).optional(),
  action: z.enum(AUDIT_ACTIONS, { message: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  from: day.optional().describe('From this day (UTC), inclusive'),
  to: day.optional().describe('To this day (UTC), inclusive'),
  ...pageQueryFields,
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/**
 * GET /api/audit/chain (administrators): whether the trail's hash chain is whole. Each entry is chained
 * to the one before by a hash of its content; an entry changed, removed or added with the chain's
 * trigger off breaks it. `checked` links of `entries` entries; the first link that does not hold
 * (`firstBroken`: why, `changed`: its entry is not as it was written, `removed`: its entry is gone,
 * `unlinked`: the entry before it was removed or one was slipped in), and the entries that have no link
 * at all (`unchained`, the oldest in `firstUnchained`).
 */
export const AUDIT_CHAIN_FAULTS = ['changed', 'removed', 'unlinked'] as const;
export const auditChainCheckSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  checked: z.number().int(),
  firstBroken: z
    .object({
      seq: z.number().int(),
      eventId: z.string(),
      at: z.string().nullable(),
      fault: z.enum(AUDIT_CHAIN_FAULTS),
    })
    .optional(),
  unchained: z.number().int(),
  firstUnchained: z.object({ eventId: z.string(), at: z.string() }).optional(),
});
export type AuditChainCheck = z.infer<typeof auditChainCheckSchema>;

/** Field names that are never written into the trail, whatever the change. */
export const SECRET_FIELD_PATTERN = /password|token|otp|secret|hash|code/i;
