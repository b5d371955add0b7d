import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState, type ComponentPropsWithRef } from 'react';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { lazyControl } from '../../components/LazyPart.tsx';
import { useCurrentUser } from '../../lib/auth-context.ts';

const useUserMenuDropdown = lazyControl(() => import('./UserMenuDropdown.tsx'));

/**
 * The menu's button: avatar (initials when no picture or it fails to load) and, from md up, the name
 * and role. Named by its text, 'User menu' and the name and role it shows (so the spoken name contains
 * the visible one); the avatar is decoration beside it.
 */
export function UserMenuButton(props: ComponentPropsWithRef<'button'>) {
  const user = useCurrentUser();
  return (
    <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-xl)' }} {...props}>
      <Group gap={8} wrap="nowrap">
        <UserAvatar user={user} size={36} aria-hidden />
        <VisuallyHidden>User menu</VisuallyHidden>
        <Box visibleFrom="md" maw={160}>
          <Text size="sm" fw={600} lh={1.2} truncate>
            {user.firstName} {user.lastName}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2}>
            {user.role === 'ADMIN' ? 'Administrator' : 'Teacher'}
          </Text>
        </Box>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/**
 * The avatar menu: 'Your profile' and 'Sign out'. Mantine's Menu and the floating-ui library under it
 * (about 20 KB brotli, shared with the search) are not part of the first page: a button of the same
 * look stands in until it is first pressed, and the press opens the menu once that code has loaded (the
 * stand-in is replaced only then, not between a finger's touch and its lift, which would lose the
 * press). If the code cannot be downloaded, the stand-in stays and the next press tries again.
 */
export function UserMenu() {
  const [UserMenuDropdown, loadUserMenuDropdown] = useUserMenuDropdown();
  const [opened, setOpened] = useState(false);
  const [focused, setFocused] = useState(false);
  if (UserMenuDropdown) {
    return <UserMenuDropdown opened={opened} onChange={setOpened} autoFocus={focused} />;
  }
  return (
    <UserMenuButton
      aria-haspopup="menu"
      aria-expanded={false}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={() => void loadUserMenuDropdown().then(setOpened)}
    />
  );
}
