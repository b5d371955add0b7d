import '../../../app/mantine-styles.ts';
import {
  Badge,
  CloseButton,
  Combobox,
  Group,
  Loader,
  Text,
  TextInput,
  ThemeIcon,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSchool, IconUser } from '@tabler/icons-react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '@csp/contracts';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import {
  resultBadge,
  resultDetail,
  resultPath,
  useSearchQuery,
  type SearchResult,
} from '../api/search.api.ts';
import { searchInputProps, searchPlaceholder } from './search-input.tsx';
import classes from './SearchBox.module.css';

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
  /** The text typed before this module had loaded (TopBarSearch's stand-in input). */
  initialText?: string;
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
export default function SearchBox({ autoFocus, onDone, action, initialText = '' }: SearchBoxProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  // The text typed into the stand-in comes in as if typed now: debounced ('Searching...') like any
  // typing, which a first value would skip. Before the first paint, so the box never shows empty; the
  // browser puts the caret after it, where the typing goes on.
  useLayoutEffect(() => {
    if (initialText) setText(initialText);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only
  }, []);
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

  const placeholder = searchPlaceholder(user.role);

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal shadow="md" zIndex={400}>
      <Combobox.Target withAriaAttributes={false} withKeyboardNavigation={false}>
        <TextInput
          {...searchInputProps}
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={activeDescendant}
          placeholder={placeholder}
          value={text}
          autoFocus={autoFocus}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
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
