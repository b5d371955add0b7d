import { coarseFixMessage, HOME_VISIT_MESSAGES, isCoarseFix } from '@csp/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCurrentLocation, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { coordinatesText, GEOLOCATION_MESSAGES, getCurrentPosition } from '../../../lib/geo.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { placeNameAt } from '../../../lib/geocode.ts';
import { useDistanceThreshold } from '../../../lib/settings.ts';
import { accuracyText, placeNameToShow } from '../home-visit-display.ts';
import type { VisitLocation } from '../home-visit-form.ts';

/**
 * The capture-current-location card (spec part 2 §2.2, §5 "Geolocation capture"): the device's GPS
 * (high accuracy, 10 s timeout, a cached position up to 60 s old), named through the API's reverse
 * geocoder (the coordinates when it cannot), shown as the place name, the coordinates to 6 decimals and
 * the fix's accuracy; with an option to capture a different location. A fix coarser than the
 * auto-approval threshold cannot prove the place: the card says an administrator will review the visit.
 */
export function LocationCaptureCard({
  value,
  onChange,
  disabled,
  stored,
}: {
  value: VisitLocation | null;
  onChange: (location: VisitLocation) => void;
  disabled?: boolean;
  /** The edit form: the shown place is the visit's stored one until a new one is captured. */
  stored?: boolean;
}) {
  const threshold = useDistanceThreshold();
  const [capturing, setCapturing] = useState(false);
  const [captured, setCaptured] = useState(false);

  const capture = async () => {
    setCapturing(true);
    try {
      const { latitude, longitude, accuracy } = await getCurrentPosition();
      const name = await placeNameAt(latitude, longitude);
      onChange({ latitude, longitude, accuracy, name });
      setCaptured(true);
      toastSuccess(HOME_VISIT_MESSAGES.captured);
    } catch (error) {
      const unsupported = error instanceof Error && error.message === GEOLOCATION_MESSAGES.unsupported;
      toastError(unsupported ? GEOLOCATION_MESSAGES.unsupported : HOME_VISIT_MESSAGES.captureFailed);
    } finally {
      setCapturing(false);
    }
  };

  const shownName = value ? placeNameToShow(value) : '';
  const label = !value
    ? 'Capture Current Location'
    : stored && !captured
      ? 'Update Location'
      : 'Capture different location';

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label="Visit location"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            Visit Location
          </Title>
          <Text size="sm" c="dimmed">
            Capture where you are at the student&apos;s home; visits within {threshold} m of the home are
            approved at once.
          </Text>
        </div>
        {value ? (
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <IconMapPin
              size={22}
              color="var(--mantine-color-teal-text)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Stack gap={2} miw={0}>
              {shownName && (
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {shownName}
                </Text>
              )}
              <Text size="sm" c={shownName ? 'dimmed' : undefined} fw={shownName ? undefined : 600}>
                {coordinatesText(value.latitude, value.longitude)}
              </Text>
              {value.accuracy !== null && (
                <Text size="sm" c="dimmed">
                  Accuracy {accuracyText(value.accuracy)}
                </Text>
              )}
            </Stack>
          </Group>
        ) : (
          <Text size="sm">No location captured yet.</Text>
        )}
        {value && isCoarseFix(value.accuracy, threshold) && (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title="Low GPS accuracy"
          >
            {coarseFixMessage(value.accuracy ?? 0, threshold)}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            onClick={capture}
            loading={capturing}
            disabled={disabled}
            leftSection={<IconCurrentLocation size={18} aria-hidden />}
          >
            {label}
          </Button>
          {capturing && (
            <Text size="sm" c="dimmed" role="status">
              Getting your location...
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
