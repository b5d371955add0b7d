import { createUserBodySchema, editUserFormSchema } from '@csp/contracts';
import { describe, expect, it } from 'vitest';
import { httpError } from '../../../lib/api-error.testing.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { isRecordMissing } from '../../../lib/record-query.ts';
import { studentsColumnText, toCreateBody, toUpdateBody } from './users.api.ts';

describe('Students column', () => {
  it('shows assigned/25 for a teacher and a dash for an admin', () => {
    expect(studentsColumnText({ role: 'TEACHER', assignedStudentsCount: 3 })).toBe('3/25');
    expect(studentsColumnText({ role: 'TEACHER', assignedStudentsCount: 0 })).toBe('0/25');
    expect(studentsColumnText({ role: 'ADMIN', assignedStudentsCount: 0 })).toBe('—');
  });
});

describe('request bodies', () => {
  it('drops an empty phone on create and trims the texts', () => {
    const body = toCreateBody({
      firstName: ' Ann ',
      lastName: 'Lee',
      email: ' ann@example.org ',
      phone: '  ',
      role: 'TEACHER',
      password: 'secret1',
    });
    expect(body).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.org',
      role: 'TEACHER',
      password: 'secret1',
    });
    expect(createUserBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends every edit field and clears an emptied phone', () => {
    const body = toUpdateBody({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.org',
      phone: '',
      role: 'TEACHER',
      isActive: false,
    });
    expect(body).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.org',
      phone: null,
      role: 'TEACHER',
      isActive: false,
    });
  });
});

describe('form validation messages (spec part 1 §5)', () => {
  // What the forms show: the resolver keeps the first failing check of each field.
  const createErrors = schemaResolver(createUserBodySchema);
  const editErrors = schemaResolver(editUserFormSchema);

  it('create: required fields, email pattern and password length', () => {
    const empty = createErrors({ firstName: '', lastName: '', email: '', phone: '', role: '', password: '' });
    expect(empty).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      role: 'Role is required',
      password: 'Password is required',
    });
    const bad = createErrors({
      firstName: 'A',
      lastName: 'B',
      email: 'not-an-email',
      phone: '',
      role: 'TEACHER',
      password: '123',
    });
    expect(bad).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it('edit: no password; names, email and role are required', () => {
    const valid = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.org',
      phone: '',
      role: 'ADMIN',
      isActive: true,
    };
    expect(editErrors(valid)).toEqual({});
    expect(editErrors({ ...valid, firstName: ' ', email: 'a@b', role: '' })).toEqual({
      firstName: 'First name is required',
      email: 'Invalid email address',
      role: 'Role is required',
    });
  });
});

describe('missing user', () => {
  it('treats 404 and 400 (not an id) as missing, other failures as errors', () => {
    expect(isRecordMissing(httpError(404))).toBe(true);
    expect(isRecordMissing(httpError(400))).toBe(true);
    expect(isRecordMissing(httpError(500))).toBe(false);
    expect(isRecordMissing(new Error('network'))).toBe(false);
  });
});
