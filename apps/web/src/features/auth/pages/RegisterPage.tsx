import '../../../app/mantine-styles.ts';
import {
  registerBodySchema,
  verifyOtpBodySchema,
  type RegisterBody,
  type Role,
  type TempData,
} from '@csp/contracts';
import {
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
import { useMutation } from '@tanstack/react-query';
import { schemaResolver } from '../../../lib/forms.ts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { authApi } from '../api/auth.api.ts';

type RegisterFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role | '';
  password: string;
};

const ROLE_OPTIONS = [
  { value: '', label: 'Select a role', disabled: true },
  { value: 'ADMIN', label: 'ADMIN' },
  { value: 'TEACHER', label: 'Teacher' },
];

const otpFormSchema = verifyOtpBodySchema.pick({ otp: true });

/** /register: step 'register' ('Create Account'), then 'verify' ('Verify OTP'), then /login. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ email: string; tempData: TempData } | null>(null);

  const registerForm = useForm<RegisterFormValues>({
    initialValues: { firstName: '', lastName: '', email: '', phone: '', role: '', password: '' },
    validate: schemaResolver(registerBodySchema),
  });
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
      };
      return authApi.register(body).then((res) => ({ email: body.email, tempData: res.data.tempData }));
    },
    onSuccess: (result) => {
      setPending(result);
      otpForm.reset();
      toastSuccess('OTP sent to your email!');
    },
    onError: (error) => toastError(getErrorMessage(error, 'Registration failed')),
  });

  const verify = useMutation({
    mutationFn: (otp: string) => {
      if (!pending) throw new Error('Registration data is missing. Please register again.');
      return authApi.verifyOtp({ email: pending.email, otp: otp.trim(), tempData: pending.tempData });
    },
    onSuccess: () => {
      toastSuccess('Registration successful! Please login.');
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
            data={ROLE_OPTIONS}
            withAsterisk
            {...registerForm.getInputProps('role')}
          />
          <PasswordInput
            label="Password"
            description="At least 6 characters"
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
