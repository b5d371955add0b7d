import '../app/mantine-styles-shell.ts';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon, type SimpleGridProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useId } from 'react';
import { useOnline } from '../lib/connection.ts';
import { formatCount } from '../lib/numbers.ts';
import classes from './FigureTiles.module.css';

export interface Figure {
  label: string;
  /** The shown value ('92.5%', '7h', or a count shown with separators); undefined while loading. */
  value: string | number | undefined;
  /** Drawn beside the figure from the size's breakpoint up; none for a plain figure. */
  icon?: Icon;
  color?: string;
}

/** `compact`: smaller figures, for rows of five or seven tiles; `large`: the dashboard's. */
type TileSize = 'compact' | 'default' | 'large';

/** Each size's figure class (FigureTiles.module.css), placeholder and icon. */
const SIZES = {
  compact: { skeleton: { height: 26, width: 40 }, icon: 34, glyph: 19, iconFrom: 'sm' },
  default: { skeleton: { height: 28, width: 40 }, icon: 36, glyph: 20, iconFrom: 'xs' },
  large: { skeleton: { height: 30, width: 48 }, icon: 38, glyph: 22, iconFrom: 'xs' },
} as const;

/** One figure; a group named by its label so people (and tests) find it by that name. */
function FigureTile({
  label,
  value,
  icon: TileIcon,
  color,
  failed,
  size,
}: Figure & { failed: boolean; size: TileSize }) {
  const labelId = useId();
  const s = SIZES[size];
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} role="group" aria-labelledby={labelId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text id={labelId} size="xs" c="dimmed" tt="uppercase" fw={700} lh={1.3}>
            {label}
          </Text>
          {value === undefined ? (
            failed ? (
              <Text className={classes[size]} fw={700} lh={1.2} mt={4} c="dimmed">
                —
              </Text>
            ) : (
              <Skeleton {...s.skeleton} mt={6} />
            )
          ) : (
            <Text className={classes[size]} fw={700} lh={1.2} mt={4}>
              {typeof value === 'number' ? formatCount(value) : value}
            </Text>
          )}
        </div>
        {TileIcon && (
          <ThemeIcon
            variant="light"
            color={color}
            size={s.icon}
            radius="md"
            visibleFrom={s.iconFrom}
            aria-hidden
          >
            <TileIcon size={s.glyph} stroke={1.6} />
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}

/**
 * A row of figure tiles: the dashboard's stat cards, the leave and attendance review lists' counters, the
 * attendance report's, the calendar's monthly summary and the attendance dashboard's. Two a row on a
 * phone, four on a wider screen unless `cols` says otherwise. `failed`: the figures could not be read (a
 * dash, not a loader). Offline, figures not there are not coming either: a dash too (issue 47).
 */
export function FigureTiles({
  figures,
  failed,
  cols = { base: 2, sm: 4 },
  size = 'default',
  label,
}: {
  figures: Figure[];
  failed: boolean;
  cols?: SimpleGridProps['cols'];
  size?: TileSize;
  /** Names the row as a region for assistive technology. */
  label?: string;
}) {
  const online = useOnline();
  return (
    <SimpleGrid
      cols={cols}
      spacing={{ base: 'xs', sm: 'md' }}
      {...(label ? { component: 'section' as const, 'aria-label': label } : {})}
    >
      {figures.map((f) => (
        <FigureTile key={f.label} {...f} failed={failed || !online} size={size} />
      ))}
    </SimpleGrid>
  );
}
