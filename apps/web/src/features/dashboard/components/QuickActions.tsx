import '../../../app/mantine-styles-shell.ts';
import { Group, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconPalette, IconSchool, IconUsers, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Role } from '@csp/contracts';
import classes from './Dashboard.module.css';

interface Tile {
  title: string;
  text: string;
  to: string;
  icon: Icon;
  color: string;
}

const MANAGE_USERS: Tile = {
  title: 'Manage Users',
  text: 'Add and manage teachers and administrators',
  to: '/users',
  icon: IconUsers,
  color: 'indigo',
};
const MANAGE_STUDENTS: Tile = {
  title: 'Manage Students',
  text: 'Register students and assign them to teachers',
  to: '/students',
  icon: IconSchool,
  color: 'teal',
};
const RECORD_ACTIVITIES: Tile = {
  title: 'Record Activities',
  text: 'Log Saturday activities for center-base students',
  to: '/activities/create',
  icon: IconPalette,
  color: 'grape',
};

/** Quick action tiles: users and students for administrators, activities for both roles. */
export function QuickActions({ role }: { role: Role }) {
  const tiles = role === 'ADMIN' ? [MANAGE_USERS, MANAGE_STUDENTS, RECORD_ACTIVITIES] : [RECORD_ACTIVITIES];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
      {tiles.map(({ title, text, to, icon: IconComponent, color }) => (
        <UnstyledButton key={to} component={Link} to={to} className={classes.tile}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Group wrap="nowrap" gap="sm">
              <ThemeIcon variant="light" color={color} size={42} radius="md" aria-hidden>
                <IconComponent size={24} stroke={1.6} />
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>{title}</Text>
                <Text size="sm" c="dimmed" lh={1.35}>
                  {text}
                </Text>
              </div>
              <IconChevronRight size={18} color="var(--mantine-color-dimmed)" aria-hidden />
            </Group>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
