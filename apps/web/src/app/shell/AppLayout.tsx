import '../mantine-styles-shell.ts';
import { AppShell, Badge, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ConnectionStatus } from '../../components/ConnectionStatus.tsx';
import { lazyPart } from '../../components/LazyPart.tsx';
import { useOnline } from '../../lib/connection.ts';
import { ProgrammeMark } from '../../components/ProgrammeMark.tsx';
import { SHELL_HEADER_HEIGHT, SHELL_NAVBAR_WIDTH } from '../shell-geometry.ts';
import { useCurrentUser } from '../../lib/auth-context.ts';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { TopBarSearch } from '../../features/search/components/TopBarSearch.tsx';
import { OfflineWork } from './OfflineWork.tsx';
import { SidebarNav } from './SidebarNav.tsx';
import classes from './AppLayout.module.css';
import { UserMenu } from './UserMenu.tsx';

/** Loaded only once the phone is offline (from the worker's precache), so the first load does not carry it. */
const OfflineCopyNote = lazyPart<object>(
  () => import('../../components/OfflineCopyNote.tsx').then((m) => ({ default: m.OfflineCopyNote })),
  'The offline note',
);

/** The protected layout at '/': top bar, sidebar (slides in on phones, fixed from sm up), page. */
export function AppLayout() {
  const user = useCurrentUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const online = useOnline();

  // A new page starts at the top with the navigation closed. Not on the first page: it is at the top
  // already (or where the browser put it back on a reload), and scrolling there would make the browser
  // lay the page out in the middle of its first render.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    close();
    window.scrollTo({ top: 0 });
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: SHELL_HEADER_HEIGHT }}
      navbar={{ width: SHELL_NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={opened ? 'Close navigation' : 'Open navigation'}
          />
          {/* Named by its visible text, the programme's name (a logo link to the dashboard). */}
          <UnstyledButton component={Link} to="/dashboard" visibleFrom="sm" w={236}>
            <ProgrammeMark />
          </UnstyledButton>
          <TopBarSearch />
          <Group gap="xs" ml="auto" wrap="nowrap">
            <ConnectionStatus />
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p="sm"
        aria-label="Main navigation"
        className={classes.navbar}
        data-closed={opened ? undefined : true}
      >
        {/* The browser's own scrolling (Mantine's ScrollArea would add 5 KB to the first page). */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <SidebarNav role={user.role} onNavigate={close} />
        </AppShell.Section>
        <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Group gap="xs" px="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate style={{ flex: 1 }}>
              Signed in as {user.firstName} {user.lastName}
            </Text>
            <Badge size="xs" variant="light">
              {user.role === 'ADMIN' ? 'Admin' : 'Teacher'}
            </Badge>
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="var(--mantine-color-gray-0)">
        {!online && <OfflineCopyNote loading={null} failed={() => null} />}
        <Outlet />
      </AppShell.Main>
      {/* A teacher's records go with them into the field; an administrator's work needs the server. */}
      <OfflineWork userId={user.id} keepCopy={user.role === 'TEACHER'} />
    </AppShell>
  );
}
