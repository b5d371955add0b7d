import type { LoginBody } from '@csp/contracts';
import { Alert, Anchor, Checkbox, Group, PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { serverMessage } from '../../../lib/api.ts';
import { lazyValidation, useLazyValidatedSubmit } from '../../../lib/lazy-validation.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { sessionEndedHere, takeReturnTo } from '../../../lib/session.ts';
import { loginErrorText, useAuth } from '../../../lib/auth-context.ts';
import { AuthForm, AuthSubmit, OtherWayIn } from '../components/AuthForm.tsx';
import type { LoginRedirectState } from '../components/RequireAuth.tsx';

/**
 * Where to go once signed in: the page that asked for a session (RequireAuth), else the page where the
 * person's last session ended (a 401; session.ts takeReturnTo: only for the same person), else the
 * dashboard.
 */
function returnPath(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  const ended = takeReturnTo();
  if (from?.pathname?.startsWith('/') && from.pathname !== '/login') {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return ended && !ended.startsWith('/login') ? ended : '/dashboard';
}

/**
 * The login schema's rules (contracts, through the app's resolver), loaded after the first paint: they
 * bring zod, which the first load of the entry then does without.
 */
const loginValidation = lazyValidation<LoginBody>(() =>
  import('../login-validation.ts').then((m) => m.validateLogin),
);

/** /login (spec part 1 §2, §5 "Login", §8 "Login"). */
export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [loginError, setLoginError] = useState<string | null>(null);
  // 'Remember me' is shown but not used in the call (spec part 1 §2).
  const [rememberMe, setRememberMe] = useState(false);
  // Read after the first render: the prerendered page (login.html) has no such notice to hydrate.
  const [sessionEnded, setSessionEnded] = useState(false);
  useEffect(() => setSessionEnded(sessionEndedHere()), []);

  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: loginValidation.validate,
    onValuesChange: () => setLoginError(null),
  });

  // What was typed, or filled in by the browser, into the prerendered form before React took it over
  // (login.html; main.tsx hydrates once this page's code is in): React keeps it on screen while it
  // hydrates, but the form's state does not have it, and the next render would clear it. Taken over once.
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const remember = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = { email: email.current?.value ?? '', password: password.current?.value ?? '' };
    if (typed.email || typed.password) form.setValues(typed);
    if (remember.current?.checked) setRememberMe(true);
    // Once, after the first render (form is a new object on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const mutation = useMutation({
    mutationFn: (values: LoginBody) => login(values),
    onSuccess: () => {
      toastSuccess('Welcome back!');
      navigate(returnPath(location.state), { replace: true });
    },
    onError: (error) => {
      const text = loginErrorText(serverMessage(error));
      setLoginError(text);
      window.alert(text);
    },
  });

  const onSubmit = useLazyValidatedSubmit(
    loginValidation,
    form.onSubmit((values) => mutation.mutate(values)),
  );

  return (
    <AuthForm title="Sign in" intro="Welcome back. Sign in to continue to the programme." onSubmit={onSubmit}>
      {sessionEnded && !loginError && (
        <Alert variant="light" icon={<IconInfoCircle size={18} />} role="status">
          Your session has ended. Sign in again to go on where you left off.
        </Alert>
      )}

      {loginError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {loginError}
        </Alert>
      )}

      <TextInput
        label="Email address"
        type="email"
        autoComplete="email"
        withAsterisk
        ref={email}
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        withAsterisk
        ref={password}
        {...form.getInputProps('password')}
      />

      <Group justify="space-between" wrap="wrap" gap="xs">
        <Checkbox
          ref={remember}
          label="Remember me"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.currentTarget.checked)}
        />
        <Anchor component={Link} to="/forgot-password" size="sm">
          Forgot password?
        </Anchor>
      </Group>

      <AuthSubmit busy={mutation.isPending} busyText="Signing in...">
        Sign in to your account
      </AuthSubmit>

      <OtherWayIn question="New to the programme?" to="/register">
        Create an account
      </OtherWayIn>
    </AuthForm>
  );
}
