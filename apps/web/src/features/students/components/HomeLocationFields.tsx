import { Alert, Button, Group, List, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCurrentLocation, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { coordinatesText, GEOLOCATION_MESSAGES, getCurrentPosition } from '../../../lib/geo.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useStudentFormContext } from '../student-form-context.ts';

/** Shown under the Home Location title of the create form. */
export function GpsHelpBox() {
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={20} aria-hidden />}
      title="GPS location help"
    >
      <List size="sm" spacing={2}>
        <List.Item>Stand at the student&apos;s home and press &apos;Use Current Location&apos;.</List.Item>
        <List.Item>Allow location access when the browser asks.</List.Item>
        <List.Item>Or type the latitude (-90 to 90) and longitude (-180 to 180) yourself.</List.Item>
      </List>
    </Alert>
  );
}

/**
 * Home location name, latitude and longitude, and 'Use Current Location' (device GPS: high accuracy,
 * 10 s timeout, a cached position up to 60 s old). Without a geocoder the coordinates name the place
 * when no name was typed. Inside a StudentFormProvider.
 */
export function HomeLocationFields() {
  const [locating, setLocating] = useState(false);
  const f = useStudentFormContext();

  const capture = async () => {
    setLocating(true);
    try {
      const { latitude, longitude } = await getCurrentPosition();
      f.setFieldValue('homeLatitude', latitude);
      f.setFieldValue('homeLongitude', longitude);
      if (!f.getValues().homeLocationName.trim()) {
        f.setFieldValue('homeLocationName', coordinatesText(latitude, longitude));
      }
      toastSuccess(GEOLOCATION_MESSAGES.success);
    } catch (error) {
      toastError(error instanceof Error ? error.message : GEOLOCATION_MESSAGES.failed);
    } finally {
      setLocating(false);
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Home location name"
        placeholder="e.g. Near the temple, Main Street"
        key={f.key('homeLocationName')}
        {...f.getInputProps('homeLocationName')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <NumberInput
          label="Latitude"
          placeholder="e.g. 9.306400"
          min={-90}
          max={90}
          decimalScale={6}
          clampBehavior="none"
          hideControls
          key={f.key('homeLatitude')}
          {...f.getInputProps('homeLatitude')}
        />
        <NumberInput
          label="Longitude"
          placeholder="e.g. 80.403700"
          min={-180}
          max={180}
          decimalScale={6}
          clampBehavior="none"
          hideControls
          key={f.key('homeLongitude')}
          {...f.getInputProps('homeLongitude')}
        />
      </SimpleGrid>
      <Group gap="sm">
        <Button
          variant="light"
          onClick={capture}
          loading={locating}
          leftSection={<IconCurrentLocation size={18} aria-hidden />}
        >
          Use Current Location
        </Button>
        {locating && (
          <Text size="sm" c="dimmed" role="status">
            Getting your location...
          </Text>
        )}
      </Group>
    </Stack>
  );
}
