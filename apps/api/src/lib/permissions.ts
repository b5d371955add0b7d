import type { Role } from '@csp/contracts';
import type { Actor } from './actor.ts';
import { forbidden } from './errors.ts';

/**
 * The first line of a service method that only some roles may call; `message` the refusal's own text
 * where the method has one.
 */
export function requireRole(actor: Actor, roles: Role | readonly Role[], message?: string): void {
  const allowed: readonly Role[] = typeof roles === 'string' ? [roles] : roles;
  if (!allowed.includes(actor.role)) {
    throw forbidden(
      message ??
        (allowed.length === 1 && allowed[0] === 'ADMIN'
          ? 'Only administrators can do this'
          : 'You do not have permission to do this'),
    );
  }
}

/**
 * A list a teacher may narrow only to themselves: a `teacherId` naming another teacher is refused with
 * the list's own `message`; an administrator may name anyone.
 */
export function requireOwnTeacherId(actor: Actor, teacherId: string | undefined, message: string): void {
  if (actor.role === 'TEACHER' && teacherId && teacherId !== actor.id) throw forbidden(message);
}
