import {
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  type SimpleGridProps,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

export interface ListSearch {
  label: string;
  placeholder: string;
  /** The box's text (lib/listParams.ts `searchText`; the address follows once it settles). */
  value: string;
  onChange: (text: string) => void;
  maxLength?: number;
}

export interface CollapsibleFilters {
  /** How many filters are on: shown as 'n filters on', and the panel starts open when any is. */
  activeCount: number;
  /** The toggle's text; 'Show Filters' / 'Hide Filters' unless a page's spec names it otherwise. */
  toggleLabel?: (open: boolean) => string;
  /** What stands beside the toggle instead of 'n filters on' (the review queue's 'x of n pending reviews'). */
  aside?: ReactNode;
  children: ReactNode;
}

const showHide = (open: boolean) => (open ? 'Hide Filters' : 'Show Filters');

/**
 * The panel above a list: its search box and the fields beside it, and the filters that fold away
 * behind a toggle (with how many are on).
 */
export function ListFilters({
  search,
  children,
  filters,
  cols = { base: 1, sm: 2 },
  actions,
  lead,
}: {
  search?: ListSearch;
  /** Above the fields: a control that changes which fields show (the attendance period switch). */
  lead?: ReactNode;
  /** Fields beside the search box (two columns from a tablet up). */
  children?: ReactNode;
  filters?: CollapsibleFilters;
  /** The columns of the search box and its fields, for a list with more fields side by side. */
  cols?: SimpleGridProps['cols'];
  /** Under the fields, on the right: a page's 'Clear filters' or 'Reset Filters'. */
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        {lead}
        {(search || children) && (
          <SimpleGrid cols={cols} spacing="sm">
            {search && (
              <TextInput
                label={search.label}
                placeholder={search.placeholder}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search.value}
                onChange={(e) => search.onChange(e.currentTarget.value)}
                maxLength={search.maxLength}
                type="search"
              />
            )}
            {children}
          </SimpleGrid>
        )}
        {filters && <FoldingFilters {...filters} />}
        {actions && <Group justify="flex-end">{actions}</Group>}
      </Stack>
    </Paper>
  );
}

function FoldingFilters({ activeCount, toggleLabel = showHide, aside, children }: CollapsibleFilters) {
  const [open, panel] = useDisclosure(activeCount > 0);
  const panelId = useId();
  return (
    <>
      <Group justify="space-between" gap="sm">
        <Button
          variant="subtle"
          onClick={panel.toggle}
          leftSection={<IconFilter size={16} aria-hidden />}
          aria-expanded={open}
          aria-controls={panelId}
        >
          {toggleLabel(open)}
        </Button>
        {aside !== undefined
          ? aside
          : activeCount > 0 && (
              <Badge variant="light" color="teal">
                {activeCount} {activeCount === 1 ? 'filter' : 'filters'} on
              </Badge>
            )}
      </Group>
      <Collapse in={open} id={panelId}>
        {children}
      </Collapse>
    </>
  );
}
