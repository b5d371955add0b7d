import { Grid, Stack } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { useCurrentUser } from '../../../lib/auth-context.ts';
import { DevelopmentPartnerCard } from '../components/DevelopmentPartnerCard.tsx';
import { PasswordCard } from '../components/PasswordCard.tsx';
import { ProfileCard } from '../components/ProfileCard.tsx';

/**
 * /profile — view and edit mode, picture, the password section and the development-partner card
 * (spec part 2 §2.6). The shown user is the signed-in user's one source (GET /auth/profile, see
 * AuthProvider), which every change here updates at once.
 */
export function ProfilePage() {
  const user = useCurrentUser();
  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle>Profile</PageTitle>
      <Grid gutter={{ base: 'md', md: 'lg' }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ProfileCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <PasswordCard />
            <DevelopmentPartnerCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
