import type { Role } from '@csp/contracts';

/** Who is calling: read from the database on every request, never trusted from the token. */
export interface Actor {
  id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
}
