import type { FormErrors } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { whenIdle } from './idle.ts';

/** A form's validation: the errors of the given values, by field (what `schemaResolver` returns). */
export type FormValidation<Values> = (values: Values) => FormErrors;

export interface LazyValidation<Values> {
  /** For useForm's `validate`: the loaded rules' errors (none while they are not loaded). */
  validate: FormValidation<Values>;
  /** Starts loading the rules (once; again after a failed load). Resolves when the load has ended. */
  preload: () => Promise<void>;
  /** True once the rules are loaded (then `validate` applies them). */
  ready: () => boolean;
}

/**
 * A form validation whose code loads on demand: the sign-in page is part of the entry, and its
 * contracts schema would bring zod (about 22 KB brotli) into every first load. `load` imports a module
 * that builds the resolver from the contracts schema (the rule keeps one home); the page preloads it
 * once it has painted and submits through `useLazyValidatedSubmit`, so the errors are set by the
 * same resolver, on submit, as when the schema came with the page.
 */
export function lazyValidation<Values>(load: () => Promise<FormValidation<Values>>): LazyValidation<Values> {
  let loaded: FormValidation<Values> | null = null;
  let loading: Promise<void> | null = null;
  return {
    validate: (values) => (loaded ? loaded(values) : {}),
    preload: () => {
      loading ??= load().then(
        (validation) => {
          loaded = validation;
        },
        () => {
          // Not loaded (a lost connection): the next submit tries again.
          loading = null;
        },
      );
      return loading;
    },
    ready: () => loaded !== null,
  };
}

/**
 * The submit handler of a lazily validated form, which also preloads the rules once the page has
 * painted. `submit` (Mantine's `form.onSubmit(…)`: it validates, shows the errors and calls the handler
 * when there are none) runs at once when the rules are loaded, else once their load has ended; further
 * submits while it waits are ignored. Should the rules fail to load, the values go to the server, which
 * checks them with the same contracts schema.
 */
export function useLazyValidatedSubmit<Values>(
  validation: LazyValidation<Values>,
  submit: () => void,
): (event?: { preventDefault: () => void }) => void {
  const waiting = useRef(false);
  useEffect(() => whenIdle(() => void validation.preload()), [validation]);
  return (event) => {
    event?.preventDefault();
    if (validation.ready()) {
      submit();
      return;
    }
    if (waiting.current) return;
    waiting.current = true;
    void validation.preload().then(() => {
      waiting.current = false;
      submit();
    });
  };
}
