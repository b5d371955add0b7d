import type { User } from '@csp/contracts';
import {
  Badge,
  Box,
  Button,
  Divider,
  FileButton,
  Flex,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { schemaResolver } from '../../../lib/forms.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useDeletePictureMutation, useSaveProfileMutation } from '../api/profile.api.ts';
import {
  PICTURE_ACCEPT,
  PICTURE_HINT,
  profileDetails,
  profileFormSchema,
  profileFormValues,
  profilePatch,
  ROLE_LABELS,
  type ProfileFormValues,
} from '../profile-form.ts';

/** An object URL for a chosen file, revoked when the file changes or the component goes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function ProfileHeader({ user, picture }: { user: User; picture?: string | null }) {
  return (
    <Group gap="md" wrap="nowrap" align="center" style={{ minWidth: 0, flex: 1 }}>
      <UserAvatar
        user={{ ...user, profilePicture: picture === undefined ? user.profilePicture : picture }}
        size={88}
        radius="100%"
        data-testid="profile-avatar"
      />
      <Box style={{ minWidth: 0, flex: 1 }}>
        <Text fw={700} fz="xl" lh={1.25} style={{ overflowWrap: 'anywhere' }}>
          {user.firstName} {user.lastName}
        </Text>
        <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        <Badge mt={6} variant="light" color={user.role === 'ADMIN' ? 'grape' : 'teal'}>
          {user.role === 'ADMIN' ? 'Admin' : 'Teacher'}
        </Badge>
      </Box>
    </Group>
  );
}

function ProfileView({ user, onEdit }: { user: User; onEdit: () => void }) {
  return (
    <Stack gap="md">
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'flex-start', sm: 'flex-start' }}
        gap="sm"
      >
        <ProfileHeader user={user} />
        <Button
          variant="light"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={onEdit}
          style={{ flexShrink: 0 }}
        >
          Edit Profile
        </Button>
      </Flex>
      <Divider />
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md" m={0}>
        {profileDetails(user).map((d) => (
          <Box key={d.label}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
              {d.label}
            </Text>
            <Text
              component="dd"
              m={0}
              fw={500}
              c={d.value === 'Not provided' || d.value === 'N/A' ? 'dimmed' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {d.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ProfileEditor({ user, onDone }: { user: User; onDone: () => void }) {
  const [picture, setPicture] = useState<File | null>(null);
  const preview = usePreviewUrl(picture);
  const save = useSaveProfileMutation(user.id);
  const removePicture = useDeletePictureMutation(user.id);
  const [opened] = useState(() => profileFormValues(user));
  const form = useForm<ProfileFormValues>({
    initialValues: opened,
    validate: schemaResolver(profileFormSchema),
  });

  const shownPicture = preview ?? user.profilePicture;

  function remove() {
    if (picture) {
      setPicture(null);
      return;
    }
    removePicture.mutate(undefined, {
      onSuccess: () => toastSuccess('Profile picture deleted successfully!'),
    });
  }

  function submit(values: ProfileFormValues) {
    save.mutate(
      { ...profilePatch(values, opened), picture, onPictureSaved: () => setPicture(null) },
      {
        onSuccess: () => {
          toastSuccess('Profile updated successfully!');
          onDone();
        },
      },
    );
  }

  const busy = save.isPending || removePicture.isPending;
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <Title order={2} fz="h3">
          Edit profile
        </Title>
        <Group gap="md" wrap="wrap" align="center">
          <UserAvatar
            user={{ ...user, profilePicture: shownPicture }}
            size={88}
            radius="100%"
            data-testid="profile-avatar"
          />
          <Stack gap={6} style={{ flex: '1 1 200px' }}>
            <Text size="sm" fw={500} id="profile-picture-label">
              Profile picture
            </Text>
            <Group gap="xs" wrap="wrap" role="group" aria-labelledby="profile-picture-label">
              <FileButton onChange={setPicture} accept={PICTURE_ACCEPT} disabled={busy}>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    size="xs"
                    leftSection={<IconUpload size={14} aria-hidden />}
                    aria-describedby="profile-picture-hint"
                  >
                    {shownPicture ? 'Change picture' : 'Choose picture'}
                  </Button>
                )}
              </FileButton>
              {shownPicture && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={remove}
                  loading={removePicture.isPending}
                  disabled={save.isPending}
                >
                  Remove picture
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed" id="profile-picture-hint">
              {picture ? `Selected: ${picture.name} (saved with your changes). ` : ''}
              {PICTURE_HINT}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            withAsterisk
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            withAsterisk
            {...form.getInputProps('lastName')}
          />
          <TextInput
            label="Email"
            value={user.email}
            readOnly
            variant="filled"
            description="Email cannot be changed"
          />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Role: {ROLE_LABELS[user.role]}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={removePicture.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The profile card: view mode, or the edit form (spec part 2 §2.6). */
export function ProfileCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      {editing ? (
        <ProfileEditor user={user} onDone={() => setEditing(false)} />
      ) : (
        <ProfileView user={user} onEdit={() => setEditing(true)} />
      )}
    </Paper>
  );
}
