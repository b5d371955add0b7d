import type { HomeVisit } from '@csp/contracts';
import { Anchor, Box, Center, DEFAULT_THEME, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { lazyPart } from '../../../components/LazyPart.tsx';
import { coordinatesText, mapsUrl } from '../../../lib/geo.ts';
import { useOrganisationQuery } from '../../../lib/organisation.ts';
import { accuracyText, distanceFromHome, placeNameToShow } from '../home-visit-display.ts';
import type { MapPoint } from './VisitMap.tsx';

/** Leaflet stays out of the main bundle: the map loads with the first page that shows one. */
const VisitMap = lazyPart(() => import('./VisitMap.tsx'), 'The map');

const VISIT_COLOR = DEFAULT_THEME.colors.teal[7];
const HOME_COLOR = DEFAULT_THEME.colors.orange[8];

/** The map's points: the student's home as a ring, the visit's place as a dot drawn inside it. */
export function visitPoints(visit: HomeVisit): MapPoint[] {
  const points: MapPoint[] = [];
  const { homeLatitude, homeLongitude } = visit.student;
  if (homeLatitude !== null && homeLongitude !== null) {
    points.push({
      latitude: homeLatitude,
      longitude: homeLongitude,
      label: "Student's home",
      color: HOME_COLOR,
      ring: true,
    });
  }
  if (visit.latitude !== null && visit.longitude !== null) {
    points.push({
      latitude: visit.latitude,
      longitude: visit.longitude,
      label: 'Visit location',
      color: VISIT_COLOR,
    });
  }
  return points;
}

function MapsLink({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  return (
    <Anchor
      href={mapsUrl(latitude, longitude)}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      aria-label={`Open in maps: ${label}`}
    >
      <Group gap={4} wrap="nowrap" component="span">
        Open in maps
        <IconExternalLink size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}

function Legend({ points }: { points: MapPoint[] }) {
  return (
    <Group gap="md" component="figcaption" mt="xs">
      {points.map((p) => (
        <Group key={p.label} gap={6} wrap="nowrap">
          <Box
            w={p.ring ? 14 : 12}
            h={p.ring ? 14 : 12}
            style={{
              borderRadius: '50%',
              background: p.ring ? 'transparent' : p.color,
              border: p.ring ? `3px solid ${p.color}` : '2px solid white',
              boxShadow: p.ring ? undefined : `0 0 0 1px ${p.color}`,
            }}
            aria-hidden
          />
          <Text size="sm">{p.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * Where the visit happened (spec part 2 §2.2): the visit's place (name, coordinates, accuracy), the
 * student's home, the distance from home (green within range, red outside), and a small map of both
 * points when the organisation has map tiles — otherwise a link to a maps service for each point.
 */
export function VisitPlaces({ visit }: { visit: HomeVisit }) {
  const organisation = useOrganisationQuery();
  const tiles = organisation.data?.mapTiles ?? null;
  const points = visitPoints(visit);
  const distance = distanceFromHome(visit);
  const { student } = visit;
  const hasVisitPlace = visit.latitude !== null && visit.longitude !== null;
  const hasHome = student.homeLatitude !== null && student.homeLongitude !== null;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" verticalSpacing="md">
        <DetailItem label="Visit location" fallback="No location captured">
          {hasVisitPlace && (
            <Stack gap={2}>
              {placeNameToShow({
                latitude: visit.latitude as number,
                longitude: visit.longitude as number,
                name: visit.locationName,
              }) && <Text size="sm">{visit.locationName}</Text>}
              <Text size="sm" c="dimmed">
                {coordinatesText(visit.latitude as number, visit.longitude as number)}
              </Text>
              {visit.locationAccuracy !== null && (
                <Text size="sm" c="dimmed">
                  Accuracy {accuracyText(visit.locationAccuracy)}
                </Text>
              )}
              {!tiles && (
                <MapsLink
                  latitude={visit.latitude as number}
                  longitude={visit.longitude as number}
                  label="visit location"
                />
              )}
            </Stack>
          )}
        </DetailItem>
        <DetailItem label="Student's home location" fallback="No home location recorded">
          {hasHome && (
            <Stack gap={2}>
              {student.homeLocationName && <Text size="sm">{student.homeLocationName}</Text>}
              <Text size="sm" c="dimmed">
                {coordinatesText(student.homeLatitude as number, student.homeLongitude as number)}
              </Text>
              {!tiles && (
                <MapsLink
                  latitude={student.homeLatitude as number}
                  longitude={student.homeLongitude as number}
                  label="student's home"
                />
              )}
            </Stack>
          )}
        </DetailItem>
        <DetailItem label="Distance from home">
          <Text size="sm" fw={700} c={distance.color}>
            {distance.text}
          </Text>
        </DetailItem>
      </SimpleGrid>
      {tiles && points.length > 0 && (
        <Box component="figure" m={0} aria-label="Map of the visit location and the student's home">
          <VisitMap
            tiles={tiles}
            points={points}
            loading={
              <Center h={280} role="status" aria-label="Loading map">
                <Loader size="sm" />
              </Center>
            }
          />
          <Legend points={points} />
        </Box>
      )}
    </Stack>
  );
}
