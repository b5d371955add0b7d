import { describe, expect, it } from 'vitest';
import { activeRoute, isGroup, navFor, type NavEntry } from './navigation.ts';

const labels = (entries: NavEntry[]) =>
  entries.map((e) => (isGroup(e) ? `${e.label}[${e.children.map((c) => c.label).join(', ')}]` : e.label));

describe('sidebar entries (spec part 1 §2 "App shell")', () => {
  it('shows an admin every entry, Profile last', () => {
    expect(labels(navFor('ADMIN'))).toEqual([
      'Dashboard',
      'Users',
      'Students',
      'Activities',
      'Measurements',
      'Home Visits',
      'Visit Reviews',
      'Attendance[Review, Teacher Reports, Office Location]',
      'Gifts',
      'Leaves',
      'Deleted records',
      'Audit Trail',
      'Profile',
    ]);
  });

  it('shows a teacher only their entries', () => {
    expect(labels(navFor('TEACHER'))).toEqual([
      'Dashboard',
      'Students',
      'Activities',
      'Measurements',
      'Home Visits',
      'Attendance[My Attendance]',
      'Gifts',
      'Leaves',
      'Profile',
    ]);
  });

  it('highlights the most specific entry for a path', () => {
    const admin = navFor('ADMIN');
    expect(activeRoute('/home-visits/review', admin)).toBe('/home-visits/review');
    expect(activeRoute('/home-visits/abc/edit', admin)).toBe('/home-visits');
    expect(activeRoute('/leaves/dashboard', admin)).toBe('/leaves');
    expect(activeRoute('/admin/office-location', admin)).toBe('/admin/office-location');
    expect(activeRoute('/usersx', admin)).toBeUndefined();
    expect(activeRoute('/notifications', admin)).toBeUndefined();
  });
});
