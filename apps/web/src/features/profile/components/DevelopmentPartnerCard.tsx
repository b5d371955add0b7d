import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCode, IconMapPin, IconPhone } from '@tabler/icons-react';

const PARTNER = {
  name: 'Partner Software Solutions',
  tagline: 'Software development partner of the programme',
  phone: '+94 21 000 0000',
  location: 'Jaffna, Northern Province',
};

/** The static development-partner credit of the profile page (spec part 2 §1, §2.6). */
export function DevelopmentPartnerCard() {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="partner-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id="partner-title">
          Development Partner
        </Title>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="indigo" size={40} radius="md" aria-hidden>
            <IconCode size={22} />
          </ThemeIcon>
          <div>
            <Text fw={600}>{PARTNER.name}</Text>
            <Text size="sm" c="dimmed">
              {PARTNER.tagline}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconPhone size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Anchor href={`tel:${PARTNER.phone.replace(/\s/g, '')}`} size="sm">
            {PARTNER.phone}
          </Anchor>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconMapPin size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm">{PARTNER.location}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
