import { Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useAuth, useCurrentUser } from '../../features/auth/auth-context.ts';

/** Avatar (initials when no picture or it fails to load) opening 'Your profile' and 'Sign out'. */
export function UserMenu() {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="User menu" style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap={8} wrap="nowrap">
            <UserAvatar user={user} size={36} />
            <Box visibleFrom="md" maw={160}>
              <Text size="sm" fw={600} lh={1.2} truncate>
                {fullName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {user.role === 'ADMIN' ? 'Administrator' : 'Teacher'}
              </Text>
            </Box>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} aria-hidden />}>
          Your profile
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={logout}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
