import { loginBodySchema } from '@csp/contracts';
import { schemaResolver } from '../../lib/forms.ts';

/**
 * The sign-in form's validation: the contracts' login schema through the app's resolver. Loaded on
 * demand by the sign-in page (lib/lazy-validation.ts), so that zod is not part of the first load.
 */
export const validateLogin = schemaResolver(loginBodySchema);
