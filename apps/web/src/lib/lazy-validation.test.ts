import { describe, expect, it, vi } from 'vitest';
import { lazyValidation } from './lazy-validation.ts';

describe('lazyValidation (form rules loaded on demand)', () => {
  it('applies the loaded rules: the login schema’s messages, first failing check per field', async () => {
    const validation = lazyValidation(() =>
      import('../features/auth/login-validation.ts').then((m) => m.validateLogin),
    );
    expect(validation.ready()).toBe(false);
    await validation.preload();
    expect(validation.ready()).toBe(true);
    expect(validation.validate({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validation.validate({ email: 'not-an-email', password: '12345' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(validation.validate({ email: 'ann@example.org', password: 'secret-1' })).toEqual({});
  });

  it('loads once, and again after a failed load', async () => {
    const rules = () => ({ name: 'Name is required' });
    const load = vi
      .fn<() => Promise<typeof rules>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(rules);
    const validation = lazyValidation<{ name: string }>(load);
    expect(validation.validate({ name: '' })).toEqual({});
    await validation.preload();
    expect(validation.ready()).toBe(false);
    await Promise.all([validation.preload(), validation.preload()]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(validation.ready()).toBe(true);
    expect(validation.validate({ name: '' })).toEqual({ name: 'Name is required' });
    await validation.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
