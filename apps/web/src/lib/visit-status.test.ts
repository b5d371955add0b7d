import { describe, expect, it } from 'vitest';
import { visitStatusColor, visitStatusLabel } from './visit-status.ts';

describe('a home visit status', () => {
  it('reads Approved, Pending Review, Rejected, else Unknown', () => {
    expect(visitStatusLabel('APPROVED')).toBe('Approved');
    expect(visitStatusLabel('PENDING')).toBe('Pending Review');
    expect(visitStatusLabel('REJECTED')).toBe('Rejected');
    expect(visitStatusLabel('ARCHIVED')).toBe('Unknown');
    expect(visitStatusLabel(undefined)).toBe('Unknown');
  });

  it("reads 'Pending' on a student's card", () => {
    expect(visitStatusLabel('PENDING', true)).toBe('Pending');
    expect(visitStatusLabel('APPROVED', true)).toBe('Approved');
  });

  it('is green, yellow or red, else grey', () => {
    expect(visitStatusColor('APPROVED')).toBe('green');
    expect(visitStatusColor('PENDING')).toBe('yellow');
    expect(visitStatusColor('REJECTED')).toBe('red');
    expect(visitStatusColor('ARCHIVED')).toBe('gray');
  });
});
