import { Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useAuth, useCurrentUser } from '../../features/auth/auth-context.ts';

/**
 * Avatar (initials when no picture or it fails to load) opening 'Your profile' and 'Sign out'. The
 * button is named by its text, 'User menu' and, from md up, the name and role it shows (so the spoken
 * name contains the visible one); the avatar is decoration beside it.
 */
export function UserMenu() {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap={8} wrap="nowrap">
            <UserAvatar user={user} size={36} aria-hidden />
            <VisuallyHidden>User menu</VisuallyHidden>
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
        {/* With a shade: a plain 'red' menu item is painted with red.6 (3.3:1); the theme makes red.7 readable. */}
        <Menu.Item
          color="red.7"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void logout()}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
