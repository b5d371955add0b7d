import '../../../app/mantine-styles.ts';
import {
  AUTH_MESSAGES,
  passwordTooShortMessage,
  registerBodySchema,
  verifyOtpBodySchema,
  type RegisterBody,
  type Role,
  type TempData,
} from '@csp/contracts';
import {
  Alert,
  Anchor,
  Button,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { schemaResolver } from '../../../lib/forms.ts';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage, serverMessage } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { authApi, useAuthPolicy } from '../api/auth.api.ts';
import { passwordRefusal, withPasswordMinimum } from '../password-rules.ts';

type RegisterFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role | '';
  password: string;
  setupToken: string;
};

/** With TEACHER_REGISTRATION=closed the teacher choice stays in sight, but cannot be picked. */
const roleOptions = (teachersClosed: boolean) => [
  { value: '', label: 'Select a role', disabled: true },
  { value: 'ADMIN', label: 'ADMIN' },
  {
    value: 'TEACHER',
    label: teachersClosed ? 'Teacher (created by an administrator)' : 'Teacher',
    disabled: teachersClosed,
  },
];

const otpFormSchema = verifyOtpBodySchema.pick({ otp: true });
const validateRegistration = schemaResolver(registerBodySchema);
const SETUP_TOKEN_REQUIRED = 'Setup token is required';

/** The server's refusals that belong to the setup token field. */
const SETUP_TOKEN_MESSAGES: string[] = [AUTH_MESSAGES.setupTokenRequired, AUTH_MESSAGES.setupTokenWrong];

/** /register: step 'register' ('Create Account'), then 'verify' ('Verify OTP'), then /login. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ email: string; tempData: TempData } | null>(null);
  const policy = useAuthPolicy();
  const teachersClosed = policy.teacherRegistration === 'closed';
  // Read by the form's validation, which is made once: the server's answer may come later.
  const policyRef = useRef(policy);
  policyRef.current = policy;

  const registerForm = useForm<RegisterFormValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      role: '',
      password: '',
      setupToken: '',
    },
    validate: withPasswordMinimum<RegisterFormValues>(
      (values) => {
        const errors = validateRegistration(values);
        if (asksForSetupToken(policyRef.current, values.role) && !values.setupToken.trim()) {
          errors.setupToken = SETUP_TOKEN_REQUIRED;
        }
        return errors;
      },
      'password',
      () => policyRef.current.passwordMinLength,
      passwordTooShortMessage,
    ),
  });
  const showSetupToken = asksForSetupToken(policy, registerForm.values.role);
  const otpForm = useForm({
    initialValues: { otp: '' },
    validate: schemaResolver(otpFormSchema),
  });

  const register = useMutation({
    mutationFn: (values: RegisterFormValues) => {
      const body: RegisterBody = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        role: values.role as Role,
        password: values.password,
        ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
        ...(asksForSetupToken(policyRef.current, values.role)
          ? { setupToken: values.setupToken.trim() }
          : {}),
      };
      return authApi.register(body).then((res) => ({ email: body.email, tempData: res.data.tempData }));
    },
    onSuccess: (result) => {
      setPending(result);
      otpForm.reset();
      toastSuccess('OTP sent to your email!');
    },
    onError: (error) => {
      // The message at its field too, where the person fixes it.
      const refused = passwordRefusal(error);
      if (refused) registerForm.setFieldError('password', refused);
      const message = serverMessage(error);
      if (message && SETUP_TOKEN_MESSAGES.includes(message))
        registerForm.setFieldError('setupToken', message);
      toastError(getErrorMessage(error, 'Registration failed'));
    },
  });

  const verify = useMutation({
    mutationFn: (otp: string) => {
      if (!pending) throw new Error('Registration data is missing. Please register again.');
      return authApi.verifyOtp({ email: pending.email, otp: otp.trim(), tempData: pending.tempData });
    },
    onSuccess: (res) => {
      // An account that waits for an administrator says so (the server's message), not to sign in.
      toastSuccess(res.user.isActive ? 'Registration successful! Please login.' : res.message);
      navigate('/login');
    },
    onError: (error) => toastError(getErrorMessage(error, 'OTP verification failed')),
  });

  if (pending) {
    return (
      <AuthLayout>
        <form noValidate onSubmit={otpForm.onSubmit(({ otp }) => verify.mutate(otp))}>
          <Stack gap="md">
            <div>
              <PageTitle fz="h2">Verify OTP</PageTitle>
              <Text c="dimmed" size="sm">
                We sent a 6-digit code to your email. Enter it below to finish registering.
              </Text>
            </div>
            <TextInput label="Email address" value={pending.email} readOnly variant="filled" />
            <TextInput
              label="OTP code"
              description="The 6-digit code from the email"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              withAsterisk
              {...otpForm.getInputProps('otp')}
            />
            <Button type="submit" fullWidth size="md" disabled={verify.isPending}>
              {verify.isPending ? 'Verifying...' : 'Verify & Register'}
            </Button>
            <Button variant="subtle" fullWidth onClick={() => setPending(null)} disabled={verify.isPending}>
              Back to registration
            </Button>
          </Stack>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form noValidate onSubmit={registerForm.onSubmit((values) => register.mutate(values))}>
        <Stack gap="md">
          <div>
            <PageTitle fz="h2">Create Account</PageTitle>
            <Text c="dimmed" size="sm">
              Register to join the programme. We will email you a code to confirm your address.
            </Text>
          </div>
          {teachersClosed && (
            <Alert
              variant="light"
              role="note"
              icon={<IconInfoCircle size={18} aria-hidden />}
              title="Teachers: ask your administrator"
            >
              {AUTH_MESSAGES.teacherRegistrationClosed}
            </Alert>
          )}
          {policy.teacherRegistration === 'approval' && (
            <Text size="sm">A new teacher account can sign in once an administrator has approved it.</Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              withAsterisk
              {...registerForm.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              withAsterisk
              {...registerForm.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            withAsterisk
            {...registerForm.getInputProps('email')}
          />
          <TextInput
            label="Phone"
            description="Optional"
            type="tel"
            autoComplete="tel"
            {...registerForm.getInputProps('phone')}
          />
          <NativeSelect
            label="Role"
            data={roleOptions(teachersClosed)}
            withAsterisk
            {...registerForm.getInputProps('role')}
          />
          {showSetupToken && (
            <TextInput
              label="Setup token"
              description="The first administrator's token, printed in the server log when the server starts"
              autoComplete="off"
              spellCheck={false}
              withAsterisk
              {...registerForm.getInputProps('setupToken')}
            />
          )}
          <PasswordInput
            label="Password"
            description={`At least ${policy.passwordMinLength} characters`}
            autoComplete="new-password"
            withAsterisk
            {...registerForm.getInputProps('password')}
          />
          <Button type="submit" fullWidth size="md" disabled={register.isPending}>
            {register.isPending ? 'Sending OTP...' : 'Send OTP'}
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** The first administrator's registration needs the setup token (FIRST_ADMIN_SETUP=token, no admin yet). */
function asksForSetupToken(policy: { setupTokenRequired: boolean }, role: Role | ''): boolean {
  return policy.setupTokenRequired && role === 'ADMIN';
}
