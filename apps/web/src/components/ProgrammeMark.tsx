import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';

/** The top bar's mark: the programme's logo and its name on two lines (AppLayout, ShellSkeleton). */
export function ProgrammeMark() {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={34} radius="md" aria-hidden>
        <IconHeartHandshake size={20} />
      </ThemeIcon>
      <Text fw={700} size="sm" lh={1.15}>
        Child Support
        <br />
        Programme
      </Text>
    </Group>
  );
}
