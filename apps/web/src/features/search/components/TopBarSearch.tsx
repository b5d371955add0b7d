import '../../../app/mantine-styles.ts';
import {
  ActionIcon,
  Badge,
  Box,
  CloseButton,
  Combobox,
  Group,
  Loader,
  Text,
  TextInput,
  ThemeIcon,
  useCombobox,
  useMantineTheme,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSchool, IconSearch, IconUser } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '@csp/contracts';
import { useCurrentUser } from '../../auth/auth-context.ts';
import {
  resultBadge,
  resultDetail,
  resultPath,
  useSearchQuery,
  type SearchResult,
} from '../api/search.api.ts';
import classes from './TopBarSearch.module.css';

const keyOf = (r: Pick<SearchResult, 'type' | 'id'>) => `${r.type}:${r.id}`;
/** A result's element id: stable while the result is listed, so the input can point at it. */
const optionIdOf = (listId: string, r: Pick<SearchResult, 'type' | 'id'>) => `${listId}-${r.type}-${r.id}`;

function ResultOption({ result, id }: { result: SearchResult; id: string }) {
  const isUser = result.type === 'user';
  const detail = resultDetail(result);
  return (
    <Combobox.Option value={keyOf(result)} id={id} py={8} className={classes.option}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={isUser ? 'indigo' : 'teal'} radius="xl" size={32} aria-hidden>
          {isUser ? <IconUser size={18} /> : <IconSchool size={18} />}
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {result.name}
          </Text>
          {detail && (
            <Text size="xs" c="dimmed" truncate>
              {detail}
            </Text>
          )}
        </div>
        <Badge size="sm" variant="light" color={isUser ? 'indigo' : 'teal'} style={{ flexShrink: 0 }}>
          {resultBadge(result)}
        </Badge>
      </Group>
    </Combobox.Option>
  );
}

interface SearchBoxProps {
  /** Focus the input when it appears (the phone's full-width search). */
  autoFocus?: boolean;
  /** Called after a result was chosen or when Escape is pressed on an empty box. */
  onDone?: () => void;
  /** Shown at the input's right end (the phone's close button). */
  action?: ReactNode;
}

/**
 * The search input with its results (spec part 1 §2 "Top-bar search", §5): 300 ms debounce, nothing
 * sent for blank text, 'Searching...', 'No results found', Teacher/Student badges; arrow keys and Enter
 * choose a result. Errors leave no results and show no toast.
 *
 * ARIA combobox: the input says whether the results list is shown (aria-expanded, aria-controls) and
 * which result is highlighted (aria-activedescendant, only while that result is listed — Mantine's own
 * attribute keeps pointing at results that are gone, hence the keyboard handling here). 'Searching...'
 * and 'No results found' are a status message beside the list, which then is hidden: a listbox holds
 * options only.
 */
function SearchBox({ autoFocus, onDone, action }: SearchBoxProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const term = text.trim();
  const [debounced] = useDebouncedValue(term, LIMITS.searchDebounceMs);
  const searcher = useMemo(() => ({ id: user.id, role: user.role }), [user.id, user.role]);
  const query = useSearchQuery(searcher, debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const listId = `${useId()}search-results`;
  const [activeId, setActiveId] = useState<string | null>(null);

  const results = useMemo(() => (query.isError ? [] : (query.data ?? [])), [query.isError, query.data]);
  const searching = term !== debounced || query.isFetching;
  const listed = !searching && results.length > 0;
  const expanded = combobox.dropdownOpened && term !== '' && listed;
  const activeDescendant =
    expanded && activeId && results.some((r) => optionIdOf(listId, r) === activeId) ? activeId : undefined;

  // When new results arrive, highlight the first so Enter opens it.
  useEffect(() => {
    setActiveId(!searching && results.length ? combobox.selectFirstOption() : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- combobox is a new object every render
  }, [results, searching]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      combobox.openDropdown('keyboard');
      setActiveId(event.key === 'ArrowDown' ? combobox.selectNextOption() : combobox.selectPreviousOption());
    } else if (event.key === 'Enter' && combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) {
      event.preventDefault();
      combobox.clickSelectedOption();
    } else if (event.key === 'Escape') {
      combobox.closeDropdown('keyboard');
      if (!text) onDone?.();
    }
  };

  const choose = (value: string) => {
    const result = results.find((r) => keyOf(r) === value);
    if (!result) return;
    combobox.closeDropdown();
    setText('');
    onDone?.();
    void navigate(resultPath(result));
  };

  const placeholder = user.role === 'ADMIN' ? 'Search teachers and students...' : 'Search your students...';

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal shadow="md" zIndex={400}>
      <Combobox.Target withAriaAttributes={false} withKeyboardNavigation={false}>
        <TextInput
          aria-label="Search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={activeDescendant}
          placeholder={placeholder}
          value={text}
          autoFocus={autoFocus}
          autoComplete="off"
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            action ??
            (term && searching ? (
              <Loader size={14} aria-hidden />
            ) : text ? (
              <CloseButton
                size="sm"
                radius="xl"
                aria-label="Clear search"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setText('')}
              />
            ) : null)
          }
          rightSectionPointerEvents="all"
          classNames={{ input: classes.input }}
          radius="xl"
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={term === ''} p={4}>
        <div role="status">
          {!listed && <Combobox.Empty>{searching ? 'Searching...' : 'No results found'}</Combobox.Empty>}
        </div>
        <Combobox.Options id={listId} aria-label="Search results" hidden={!listed}>
          {listed &&
            results.map((result) => (
              <ResultOption key={keyOf(result)} result={result} id={optionIdOf(listId, result)} />
            ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/**
 * The top-bar search. From the sm breakpoint up it is an input in the bar; on phones an icon opens a
 * full-width search over the top bar.
 */
export function TopBarSearch() {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);

  if (wide) {
    return (
      <Box role="search" flex={1} miw={0} maw={480}>
        <SearchBox />
      </Box>
    );
  }

  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => openButton.current?.focus());
  };

  return (
    <Group flex={1} justify="flex-end" miw={0}>
      <ActionIcon
        ref={openButton}
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label="Open search"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <IconSearch size={20} />
      </ActionIcon>
      {open && (
        <Group
          role="search"
          pos="absolute"
          top={0}
          left={0}
          right={0}
          bottom={0}
          px="xs"
          wrap="nowrap"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 300 }}
        >
          <Box flex={1} miw={0}>
            <SearchBox
              autoFocus
              onDone={close}
              action={<CloseButton radius="xl" aria-label="Close search" onClick={close} />}
            />
          </Box>
        </Group>
      )}
    </Group>
  );
}
