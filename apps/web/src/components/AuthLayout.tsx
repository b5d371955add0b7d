import { Box, Center, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DevelopmentPartnerCredit } from './DevelopmentPartnerCredit.tsx';

/** The frame of the public pages (/login, /register, /forgot-password): brand, a card, the credit. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      mih="100dvh"
      py={{ base: 'md', sm: 48 }}
      px={{ base: 'sm', sm: 'md' }}
      bg="linear-gradient(160deg, var(--mantine-color-teal-0) 0%, var(--mantine-color-gray-0) 60%)"
    >
      <Center>
        <Stack w="100%" maw={440} gap="md">
          <Group justify="center" gap="xs" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="filled" aria-hidden>
              <IconHeartHandshake size={24} />
            </ThemeIcon>
            <Text fw={700} fz="lg">
              Child Support Programme
            </Text>
          </Group>
          <Paper component="main" withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
            {children}
          </Paper>
          <DevelopmentPartnerCredit />
        </Stack>
      </Center>
    </Box>
  );
}
