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
import { Alert, Button, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { schemaResolver } from '../../../lib/forms.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NewPasswordInput } from '../../../components/NewPasswordInput.tsx';
import { getErrorMessage, serverMessage } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { authApi, useLatestAuthPolicy } from '../api/auth.api.ts';
import { AuthForm, AuthSubmit, OtherWayIn, OtpCodeField, SentToEmail } from '../components/AuthForm.tsx';
import { passwordRefusal, withPasswordMinimum } from '../../../lib/password-rules.ts';

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
  const { policy, latest } = useLatestAuthPolicy();
  const teachersClosed = policy.teacherRegistration === 'closed';

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
        if (asksForSetupToken(latest(), values.role) && !values.setupToken.trim()) {
          errors.setupToken = SETUP_TOKEN_REQUIRED;
        }
        return errors;
      },
      'password',
      () => latest().passwordMinLength,
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
        ...(asksForSetupToken(latest(), values.role) ? { setupToken: values.setupToken.trim() } : {}),
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
      <AuthForm
        title="Verify OTP"
        intro="We sent a 6-digit code to your email. Enter it below to finish registering."
        onSubmit={otpForm.onSubmit(({ otp }) => verify.mutate(otp))}
      >
        <SentToEmail email={pending.email} />
        <OtpCodeField {...otpForm.getInputProps('otp')} />
        <AuthSubmit busy={verify.isPending} busyText="Verifying...">
          Verify &amp; Register
        </AuthSubmit>
        <Button variant="subtle" fullWidth onClick={() => setPending(null)} disabled={verify.isPending}>
          Back to registration
        </Button>
      </AuthForm>
    );
  }

  return (
    <AuthForm
      title="Create Account"
      intro="Register to join the programme. We will email you a code to confirm your address."
      onSubmit={registerForm.onSubmit((values) => register.mutate(values))}
    >
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
      <NewPasswordInput
        label="Password"
        minLength={policy.passwordMinLength}
        {...registerForm.getInputProps('password')}
      />
      <AuthSubmit busy={register.isPending} busyText="Sending OTP...">
        Send OTP
      </AuthSubmit>
      <OtherWayIn question="Already have an account?" to="/login">
        Sign in
      </OtherWayIn>
    </AuthForm>
  );
}

/** The first administrator's registration needs the setup token (FIRST_ADMIN_SETUP=token, no admin yet). */
function asksForSetupToken(policy: { setupTokenRequired: boolean }, role: Role | ''): boolean {
  return policy.setupTokenRequired && role === 'ADMIN';
}
