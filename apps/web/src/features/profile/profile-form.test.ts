import { changePasswordFormSchema } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { profileDetails, profileFormSchema, profilePatch } from './profile-form.ts';

const user = {
  id: 'u1',
  email: 'ann@example.org',
  firstName: 'Ann',
  lastName: 'Lee',
  phone: null,
  role: 'TEACHER' as const,
  isActive: true,
  profilePicture: null,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe('profile edit form', () => {
  it('requires first and last name; phone is optional', () => {
    expect(messages(profileFormSchema.safeParse({ firstName: ' ', lastName: '', phone: '' }))).toEqual([
      'First name is required',
      'Last name is required',
    ]);
    expect(profileFormSchema.safeParse({ firstName: 'A', lastName: 'B', phone: '' }).success).toBe(true);
  });

  it('sends trimmed names and null for an empty phone', () => {
    const opened = { firstName: 'Ann', lastName: 'Lee', phone: '077 111' };
    expect(profilePatch({ firstName: ' Anna ', lastName: 'Leeds', phone: '  ' }, opened)).toEqual({
      firstName: 'Anna',
      lastName: 'Leeds',
      phone: null,
    });
    expect(profilePatch({ ...opened, phone: ' 077 123 ' }, opened)).toEqual({ phone: '077 123' });
  });

  it('sends only the fields changed from the values the form opened with', () => {
    const opened = { firstName: 'Ann', lastName: 'Lee', phone: '' };
    expect(profilePatch({ ...opened, lastName: 'Leeds' }, opened)).toEqual({ lastName: 'Leeds' });
    // Spaces around a value, or a blank phone that was blank, are no change.
    expect(profilePatch({ firstName: ' Ann ', lastName: 'Lee', phone: '   ' }, opened)).toEqual({});
  });
});

describe('profile view details', () => {
  it("says 'Not provided' for no phone and 'N/A' for an unknown join date", () => {
    const details = Object.fromEntries(profileDetails(user).map((d) => [d.label, d.value]));
    expect(details).toMatchObject({ Phone: 'Not provided', Role: 'Teacher', Email: 'ann@example.org' });
    expect(details['Member since']).toMatch(/2026/);
    const unknown = Object.fromEntries(
      profileDetails({ ...user, createdAt: '' }).map((d) => [d.label, d.value]),
    );
    expect(unknown['Member since']).toBe('N/A');
  });
});

describe('password change form', () => {
  const parse = (currentPassword: string, newPassword: string, confirmPassword: string) =>
    messages(changePasswordFormSchema.safeParse({ currentPassword, newPassword, confirmPassword }));

  it("shows the spec's messages", () => {
    expect(parse('', 'secret1', 'secret1')).toEqual(['Current password is required']);
    expect(parse('old', 'abc', 'abc')).toEqual(['New password must be at least 6 characters long']);
    expect(parse('old', 'secret1', 'secret2')).toEqual(['New passwords do not match']);
    expect(parse('old', 'secret1', 'secret1')).toEqual([]);
  });
});
