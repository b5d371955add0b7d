import '../mantine-styles.ts';
import { Menu, Text } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useAuth, useCurrentUser } from '../../lib/auth-context.ts';
import { unsentItems, useOutboxItems } from '../../lib/outbox-items.ts';
import { UserMenuButton } from './UserMenu.tsx';

interface UserMenuDropdownProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
  /** The stand-in button had the focus: the menu's own button takes it. */
  autoFocus: boolean;
}

/** '3 records have not been sent yet': the warning before signing out. */
export const unsentWarning = (count: number) =>
  count === 1 ? '1 record has not been sent yet' : `${count} records have not been sent yet`;

/** The user menu itself (Mantine's Menu, loaded on first use: UserMenu.tsx): 'Your profile', 'Sign out'. */
export default function UserMenuDropdown({ opened, onChange, autoFocus }: UserMenuDropdownProps) {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const target = useRef<HTMLButtonElement>(null);
  const unsent = unsentItems(useOutboxItems()).length;
  const [warning, setWarning] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const signOut = () => {
    setSigningOut(true);
    void logout();
  };
  // The menu opens (if it was pressed) only once its own button has the focus, so that closing it
  // gives the focus back to that button.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (autoFocus) target.current?.focus();
    setMounted(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only
  }, []);
  return (
    <>
      <Menu
        opened={mounted && opened}
        onChange={onChange}
        position="bottom-end"
        width={240}
        shadow="md"
        withinPortal
      >
        <Menu.Target>
          <UserMenuButton ref={target} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {user.firstName} {user.lastName}
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
            // Signing out deletes this phone's unsent records: the person is told first.
            onClick={() => (unsent > 0 ? setWarning(true) : signOut())}
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={warning}
        onClose={() => setWarning(false)}
        title={unsentWarning(unsent)}
        confirmLabel="Sign out anyway"
        confirmColor="red"
        onConfirm={signOut}
        busy={signingOut}
      >
        <Text size="sm">
          Signing out deletes them from this phone. Stay signed in until you are online and they have been
          sent, or sign out and lose them.
        </Text>
      </ConfirmDialog>
    </>
  );
}
