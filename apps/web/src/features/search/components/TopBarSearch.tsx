import { ActionIcon, Box, CloseButton, Group, TextInput, useMatches } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { lazyControl } from '../../../components/LazyPart.tsx';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { searchInputProps, searchPlaceholder } from './search-input.tsx';

const useSearchBox = lazyControl(() => import('./SearchBox.tsx'));

interface LazySearchBoxProps {
  autoFocus?: boolean;
  onDone?: () => void;
  action?: ReactNode;
}

/**
 * The search box, whose code (Mantine's Combobox and the floating-ui library under it, about 20 KB
 * brotli) is not part of the first page: until someone points at the box, touches it or tabs into it, a
 * plain input of the same look stands in. Then the search loads; meanwhile the stand-in keeps the text
 * typed and the focus, and the search takes both over. If its code cannot be downloaded, the stand-in
 * stays as it is (with the focus and the text) and the next focus or pointing tries again.
 */
function LazySearchBox({ autoFocus = false, onDone, action }: LazySearchBoxProps) {
  const user = useCurrentUser();
  const [SearchBox, loadSearchBox] = useSearchBox();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(autoFocus);
  useEffect(() => {
    if (autoFocus) void loadSearchBox();
  }, [autoFocus, loadSearchBox]);
  if (SearchBox) {
    return <SearchBox autoFocus={focused} initialText={text} onDone={onDone} action={action} />;
  }
  return (
    <TextInput
      // The same kind of control as the search it stands in for (SearchBox), its results not yet shown.
      {...searchInputProps}
      aria-expanded={false}
      placeholder={searchPlaceholder(user.role)}
      value={text}
      autoFocus={autoFocus}
      onChange={(event) => setText(event.currentTarget.value)}
      onFocus={() => {
        setFocused(true);
        void loadSearchBox();
      }}
      onBlur={() => setFocused(false)}
      onPointerEnter={() => void loadSearchBox()}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !text) onDone?.();
      }}
      rightSection={action}
    />
  );
}

/**
 * The top-bar search. From the sm breakpoint up it is an input in the bar; on phones an icon opens a
 * full-width search over the top bar.
 */
export function TopBarSearch() {
  const wide = useMatches({ base: false, sm: true }, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);

  if (wide) {
    return (
      <Box role="search" flex={1} miw={0} maw={480}>
        <LazySearchBox />
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
            <LazySearchBox
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
