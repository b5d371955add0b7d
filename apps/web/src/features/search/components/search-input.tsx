import '../../../app/mantine-styles-shell.ts';
import type { Role } from '@csp/contracts';
import { IconSearch } from '@tabler/icons-react';
import classes from './search-input.module.css';

/** The search input's hint, by role. */
export const searchPlaceholder = (role: Role) =>
  role === 'ADMIN' ? 'Search teachers and students...' : 'Search your students...';

/**
 * What the search input is and how it looks, the same for the stand-in (TopBarSearch) and the search
 * itself (SearchBox): an ARIA combobox named 'Search' (each sets whether its results are shown).
 */
export const searchInputProps = {
  'aria-label': 'Search',
  type: 'search',
  role: 'combobox',
  'aria-autocomplete': 'list',
  'aria-haspopup': 'listbox',
  autoComplete: 'off',
  leftSection: <IconSearch size={16} aria-hidden />,
  rightSectionPointerEvents: 'all',
  classNames: { input: classes.input },
  radius: 'xl',
} as const;
