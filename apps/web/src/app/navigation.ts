import type { Role } from '@csp/contracts';
import {
  IconCalendarTime,
  IconChartBar,
  IconChecklist,
  IconClipboardCheck,
  IconFingerprint,
  IconGift,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconMapPin,
  IconPalette,
  IconPlaneDeparture,
  IconRuler2,
  IconSchool,
  IconTrash,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface NavLeaf {
  label: string;
  to: string;
  icon: Icon;
  roles: readonly Role[];
}

export interface NavGroup {
  label: string;
  icon: Icon;
  children: readonly NavLeaf[];
}

export type NavEntry = NavLeaf | NavGroup;

const BOTH: readonly Role[] = ['ADMIN', 'TEACHER'];
const ADMIN: readonly Role[] = ['ADMIN'];
const TEACHER: readonly Role[] = ['TEACHER'];

/** The sidebar of spec part 1 §2 "App shell", in order; Profile is always last. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard, roles: BOTH },
  { label: 'Users', to: '/users', icon: IconUsers, roles: ADMIN },
  { label: 'Students', to: '/students', icon: IconSchool, roles: BOTH },
  { label: 'Activities', to: '/activities', icon: IconPalette, roles: BOTH },
  { label: 'Measurements', to: '/measurements', icon: IconRuler2, roles: BOTH },
  { label: 'Home Visits', to: '/home-visits', icon: IconHome, roles: BOTH },
  { label: 'Visit Reviews', to: '/home-visits/review', icon: IconClipboardCheck, roles: ADMIN },
  {
    label: 'Attendance',
    icon: IconCalendarTime,
    children: [
      { label: 'My Attendance', to: '/attendance', icon: IconFingerprint, roles: TEACHER },
      { label: 'Review', to: '/admin/attendance-review', icon: IconChecklist, roles: ADMIN },
      { label: 'Teacher Reports', to: '/admin/teacher-attendance-report', icon: IconChartBar, roles: ADMIN },
      { label: 'Office Location', to: '/admin/office-location', icon: IconMapPin, roles: ADMIN },
    ],
  },
  { label: 'Gifts', to: '/gifts', icon: IconGift, roles: BOTH },
  { label: 'Leaves', to: '/leaves', icon: IconPlaneDeparture, roles: BOTH },
  { label: 'Deleted records', to: '/admin/deleted-records', icon: IconTrash, roles: ADMIN },
  { label: 'Audit Trail', to: '/admin/audit', icon: IconHistory, roles: ADMIN },
  { label: 'Profile', to: '/profile', icon: IconUserCircle, roles: BOTH },
];

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

/** The entries a role sees; groups keep only the role's children and vanish when none remain. */
export function navFor(role: Role): NavEntry[] {
  const out: NavEntry[] = [];
  for (const entry of NAV_ENTRIES) {
    if (isGroup(entry)) {
      const children = entry.children.filter((c) => c.roles.includes(role));
      if (children.length) out.push({ ...entry, children });
    } else if (entry.roles.includes(role)) {
      out.push(entry);
    }
  }
  return out;
}

/** The route of the entry to highlight for a path: the longest entry route that is a prefix of it. */
export function activeRoute(pathname: string, entries: readonly NavEntry[]): string | undefined {
  const leaves = entries.flatMap((e) => (isGroup(e) ? e.children : [e]));
  let best: string | undefined;
  for (const { to } of leaves) {
    if ((pathname === to || pathname.startsWith(`${to}/`)) && (!best || to.length > best.length)) best = to;
  }
  return best;
}
