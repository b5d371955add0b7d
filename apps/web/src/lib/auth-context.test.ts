import { describe, expect, it } from 'vitest';
import { loginErrorText } from './auth-context.ts';

describe('login error texts (spec part 1 §8 "Login")', () => {
  it('maps wrong-credential messages', () => {
    for (const m of ['Invalid credentials', 'Unauthorized', 'User not found', 'Invalid password']) {
      expect(loginErrorText(m)).toBe('Wrong email or password. Please try again.');
    }
  });
  it('maps disabled accounts', () => {
    expect(loginErrorText('Account disabled. Ask an administrator to activate it.')).toBe(
      'Account disabled. Contact administrator.',
    );
    expect(loginErrorText('This account is blocked')).toBe('Account disabled. Contact administrator.');
  });
  it('shows the server message for an account waiting for approval', () => {
    expect(loginErrorText('Your account is waiting for approval by an administrator.')).toBe(
      'Your account is waiting for approval by an administrator.',
    );
  });
  it('falls back for anything else', () => {
    expect(loginErrorText('Too many sign-in attempts')).toBe('Login failed. Check your details.');
    expect(loginErrorText(undefined)).toBe('Login failed. Check your details.');
  });
});
