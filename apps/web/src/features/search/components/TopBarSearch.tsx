import { Box, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../auth/auth-context.ts';

/**
 * The top-bar search box with the role's placeholder (spec part 1 §2 "Top-bar search"). Results
 * (debounced GET /users and /students) come in the next issue.
 */
export function TopBarSearch() {
  const user = useCurrentUser();
  const [text, setText] = useState('');
  const placeholder = user.role === 'ADMIN' ? 'Search teachers and students...' : 'Search your students...';
  return (
    <Box role="search" flex={1} miw={0} maw={480}>
      <TextInput
        aria-label="Search"
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        radius="xl"
      />
    </Box>
  );
}
