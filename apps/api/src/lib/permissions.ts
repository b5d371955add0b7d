import type { Role } from '@csp/contracts';
import type { Actor } from '../plugins/auth.ts';
import { forbidden } from './errors.ts';

/** The first line of a service method that only some roles may call. */
export function requireRole(actor: Actor, ...roles: Role[]): void {
  if (!roles.includes(actor.role)) {
    throw forbidden(
      roles.length === 1 && roles[0] === 'ADMIN'
        ? 'Only administrators can do this'
        : 'You do not have permission to do this',
    );
  }
}
