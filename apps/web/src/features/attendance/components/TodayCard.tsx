import { ATTENDANCE_MESSAGES as M, formatDuration, type Attendance } from '@csp/contracts';
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconLogin2, IconLogout2 } from '@tabler/icons-react';
import { useState } from 'react';
import { DetailItem } from '../../../components/DetailItem.tsx';
import { RetryPanel } from '../../../components/ListStates.tsx';
import { getErrorMessage } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useOnline } from '../../../lib/connection.ts';
import { unsentItems, useOutboxItems } from '../../../lib/outbox-items.ts';
import { recordLabel, useSave } from '../../../lib/save.ts';
import { placeNameAt } from '../../../lib/geocode.ts';
import { useOrganisationQuery, useOrgToday } from '../../../lib/organisation.ts';
import { useQueryClient } from '@tanstack/react-query';
import { attendanceKeys, useCheckIn, useCheckOut, useTodayAttendance } from '../api/attendance.api.ts';
import { formatClock } from '../attendance-display.ts';
import {
  checkInBody,
  checkOutBody,
  placeFields,
  positionWarning,
  readPosition,
  type PlaceFields,
} from '../check-in.ts';
import { ReviewStatusBadge } from '../../leaves/components/ReviewBits.tsx';
import { RangeBadge } from './AttendanceTable.tsx';

const HEADING_ID = 'att-today';

function toastWarning(message: string) {
  notifications.show({ color: 'yellow', message, withBorder: true });
}

/**
 * Where the device is, named through our API's reverse geocoding (the coordinates when it has no
 * name). A position that cannot be read warns, and the check goes ahead without one.
 */
async function currentPlace(): Promise<PlaceFields> {
  const result = await readPosition();
  if (!result.ok) {
    toastWarning(positionWarning(result.reason));
    return placeFields(null);
  }
  const { latitude, longitude } = result.position;
  return placeFields(result.position, await placeNameAt(latitude, longitude));
}

function TodayDetails({ record }: { record: Attendance }) {
  const timeZone = useOrganisationQuery().data?.timezone;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
      <DetailItem label="Checked in">{formatClock(record.checkIn, timeZone)}</DetailItem>
      <DetailItem label="Checked out" fallback="Not yet">
        {formatClock(record.checkOut, timeZone)}
      </DetailItem>
      <DetailItem label="Duration">{record.checkOut ? formatDuration(record.duration) : ''}</DetailItem>
      <DetailItem label="Status">
        <ReviewStatusBadge status={record.status} />
      </DetailItem>
      <div style={{ gridColumn: '1 / -1' }}>
        <DetailItem label="Location">
          <Group gap="xs" component="span" wrap="wrap">
            <span>{record.checkInLocationName ?? M.locationNotAvailable}</span>
            <RangeBadge record={record} />
          </Group>
        </DetailItem>
      </div>
    </SimpleGrid>
  );
}

/**
 * The teacher's today card (spec part 2 §2.9, §4, §8): 'Check In', then 'Check Out', then 'Day
 * Complete', from GET /attendance/today. Each step reads the device position first (high accuracy,
 * 10 s, a position up to 5 minutes old); the server records the time and decides the status.
 */
export function TodayCard() {
  const today = useOrgToday();
  const todayQuery = useTodayAttendance();
  const online = useOnline();
  const [locating, setLocating] = useState(false);
  const queryClient = useQueryClient();
  const timeZone = useOrganisationQuery().data?.timezone;
  /** The answer is today's record: shown at once, before the lists are read again. */
  const showToday = (saved: Attendance) => queryClient.setQueryData(attendanceKeys.today(), saved);
  // Offline, a tap is kept on the phone and sent later with its own time (the server records it).
  const checkIn = useSave({
    mutation: useCheckIn(),
    failureText: (error) => getErrorMessage(error, M.checkInFailed),
    onSaved: (saved) => {
      showToday(saved);
      toastSuccess(M.checkedIn);
    },
    offline: {
      kind: 'check-in',
      label: (b) => recordLabel('Check in', b.checkIn),
      path: '/attendance/check-in',
      onKept: () => {},
    },
  });
  const checkOut = useSave({
    mutation: useCheckOut(),
    failureText: (error) => getErrorMessage(error, M.checkOutFailed),
    onSaved: (saved) => {
      showToday(saved);
      toastSuccess(M.checkedOut);
    },
    offline: {
      kind: 'check-out',
      label: (b) => recordLabel('Check out', b.checkOut),
      path: '/attendance/check-out',
      onKept: () => {},
    },
  });
  const waiting = unsentItems(useOutboxItems());
  const waitingIn = waiting.find((i) => i.kind === 'check-in');
  const waitingOut = waiting.find((i) => i.kind === 'check-out');
  // Without a connection today's record cannot be read: the taps kept on the phone say where the day is.
  const known = todayQuery.isSuccess || (!online && todayQuery.isError);
  const record = todayQuery.data ?? null;
  const checkedIn = record !== null || waitingIn !== undefined;
  const checkedOut = (record !== null && record.checkOut !== null) || waitingOut !== undefined;
  const busy = locating || checkIn.busy || checkOut.busy;

  const doCheckIn = async () => {
    setLocating(true);
    const place = await currentPlace().finally(() => setLocating(false));
    await checkIn.submit(() => checkInBody(place));
  };

  const doCheckOut = async () => {
    setLocating(true);
    const place = await currentPlace().finally(() => setLocating(false));
    await checkOut.submit(() => checkOutBody(place));
  };

  const label = locating ? 'Getting your location...' : undefined;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={HEADING_ID}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="h4" id={HEADING_ID}>
              Today
            </Title>
            <Text size="sm" c="dimmed">
              {formatDate(today)}
            </Text>
          </div>
          {known &&
            (!checkedIn ? (
              <Button
                leftSection={<IconLogin2 size={18} aria-hidden />}
                onClick={() => void doCheckIn()}
                loading={busy}
                loaderProps={{ type: 'dots' }}
              >
                Check In
              </Button>
            ) : !checkedOut ? (
              <Button
                color="orange"
                leftSection={<IconLogout2 size={18} aria-hidden />}
                onClick={() => void doCheckOut()}
                loading={busy}
                loaderProps={{ type: 'dots' }}
              >
                Check Out
              </Button>
            ) : (
              <Badge
                size="lg"
                color="teal"
                variant="light"
                leftSection={<IconCircleCheck size={16} aria-hidden />}
              >
                {M.dayComplete}
              </Badge>
            ))}
        </Group>
        {label && (
          <Text size="sm" c="dimmed" role="status">
            {label}
          </Text>
        )}
        {(waitingIn || waitingOut) && (
          <Text size="sm" c="blue.8">
            {[
              waitingIn && `Checked in at ${formatClock(new Date(waitingIn.madeAt).toISOString(), timeZone)}`,
              waitingOut &&
                `Checked out at ${formatClock(new Date(waitingOut.madeAt).toISOString(), timeZone)}`,
            ]
              .filter(Boolean)
              .join(', ')}
            {' — saved on this phone, waiting to send.'}
          </Text>
        )}
        {todayQuery.isPending ? (
          <Skeleton height={48} />
        ) : known && record === null && waitingIn ? null : todayQuery.isError ? (
          <RetryPanel error={todayQuery.error} onRetry={() => void todayQuery.refetch()} />
        ) : record === null ? (
          <Text size="sm" c="dimmed">
            You have not checked in today. Your location is recorded with the check-in; inside the office
            range it is approved at once, otherwise an administrator reviews it.
          </Text>
        ) : (
          <TodayDetails record={record} />
        )}
      </Stack>
    </Paper>
  );
}
