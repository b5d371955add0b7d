import type { Role } from '@csp/contracts';
import { NavLink, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { activeRoute, isGroup, navFor, type NavGroup, type NavLeaf } from '../navigation.ts';

interface SidebarNavProps {
  role: Role;
  /** Called when a link is followed (closes the sliding sidebar on phones). */
  onNavigate: () => void;
}

function LeafLink({ leaf, active, onNavigate }: { leaf: NavLeaf; active: boolean; onNavigate: () => void }) {
  const Icon = leaf.icon;
  return (
    <NavLink
      component={Link}
      to={leaf.to}
      label={leaf.label}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}

function GroupLink({
  group,
  current,
  onNavigate,
}: {
  group: NavGroup;
  current: string | undefined;
  onNavigate: () => void;
}) {
  const containsActive = group.children.some((c) => c.to === current);
  const [opened, setOpened] = useState(containsActive);
  const Icon = group.icon;
  const id = `nav-group-${group.label.toLowerCase()}`;
  return (
    <NavLink
      component="button"
      type="button"
      label={group.label}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      aria-controls={id}
      active={containsActive && !opened}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      childrenOffset={28}
    >
      <div id={id}>
        {group.children.map((child) => (
          <LeafLink key={child.to} leaf={child} active={child.to === current} onNavigate={onNavigate} />
        ))}
      </div>
    </NavLink>
  );
}

/** The sidebar entries of the signed-in user's role (spec part 1 §2 "App shell"). */
export function SidebarNav({ role, onNavigate }: SidebarNavProps) {
  const { pathname } = useLocation();
  const entries = navFor(role);
  const current = activeRoute(pathname, entries);
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <li key={entry.label}>
          {isGroup(entry) ? (
            <GroupLink group={entry} current={current} onNavigate={onNavigate} />
          ) : (
            <LeafLink leaf={entry} active={entry.to === current} onNavigate={onNavigate} />
          )}
        </li>
      ))}
    </Stack>
  );
}
