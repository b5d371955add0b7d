import { OFFICE_LOCATION_MESSAGES as M, type OfficeLocation } from '@csp/contracts';
import { Anchor, Badge, Button, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconMapPinOff } from '@tabler/icons-react';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { DetailPanel } from '../../../components/RecordLayout.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { coordinatesText, mapsUrl } from '../../../lib/geo.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import {
  useCurrentOfficeLocationQuery,
  useInitializeOfficeLocationMutation,
} from '../api/office-location.api.ts';
import { officeErrorText, radiusText, setByName } from '../office-location-form.ts';

/** A link to the point on Google Maps, in a new tab. */
export function MapsLink({
  latitude,
  longitude,
  children,
}: {
  latitude: number;
  longitude: number;
  children: string;
}) {
  return (
    <Anchor href={mapsUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer" size="sm">
      {children} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: '-2px' }} />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

function LocationDetails({ location }: { location: OfficeLocation }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        <DetailItem label="Address" fallback={M.notSpecified}>
          {location.address}
        </DetailItem>
        <DetailItem label="Coordinates">{coordinatesText(location.latitude, location.longitude)}</DetailItem>
        <DetailItem label="Validation radius">{radiusText(location.radiusMeters)}</DetailItem>
        <DetailItem label="Set by">{setByName(location.setBy)}</DetailItem>
        <DetailItem label="Set on">{formatDateTime(location.createdAt)}</DetailItem>
      </SimpleGrid>
      <div>
        <MapsLink latitude={location.latitude} longitude={location.longitude}>
          View on Google Maps
        </MapsLink>
      </div>
    </Stack>
  );
}

function NoLocation({ onInitialize, pending }: { onInitialize: () => void; pending: boolean }) {
  return (
    <Stack align="center" gap="sm" py="md">
      <IconMapPinOff size={36} color="var(--mantine-color-gray-6)" aria-hidden />
      <Text fw={600}>{M.noLocation}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        Teachers&apos; check-ins cannot be compared with the office yet. Start with the programme&apos;s
        default location or set one below.
      </Text>
      <Button onClick={onInitialize} loading={pending}>
        Initialize Default Location
      </Button>
    </Stack>
  );
}

/** The active office location (spec part 2 §2.8), or 'No Office Location Set' with the default's button. */
export function CurrentLocationPanel() {
  const current = useCurrentOfficeLocationQuery();
  // Held here, not in the empty state: that unmounts as soon as the new location is shown.
  const initialize = useInitializeOfficeLocationMutation();
  const run = () =>
    initialize.mutate(undefined, {
      onSuccess: () => toastSuccess(M.initialized),
      onError: (error) => toastError(officeErrorText(error, M.initializeFailed)),
    });
  return (
    <DetailPanel
      title="Current Office Location"
      action={
        current.data && (
          <Badge color="teal" variant="light">
            Active
          </Badge>
        )
      }
    >
      {current.isPending ? (
        <Skeleton height={96} />
      ) : current.isError ? (
        <RetryPanel error={current.error} onRetry={() => void current.refetch()} />
      ) : current.data ? (
        <LocationDetails location={current.data} />
      ) : (
        <NoLocation onInitialize={run} pending={initialize.isPending} />
      )}
    </DetailPanel>
  );
}
