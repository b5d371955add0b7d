import type { Activity } from '@csp/contracts';
import { Box, Button, Image } from '@mantine/core';
import { IconLock, IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadFailurePage, NotFoundPage, PageMessage } from '../../../components/PageStates.tsx';

/** A missing (or someone else's) activity (spec part 1 §8 "Missing records"). */
export function ActivityNotFound({ title }: { title: string }) {
  return (
    <NotFoundPage
      title={title}
      message="Activity not found."
      backTo="/activities"
      backLabel="Back to Activities"
    />
  );
}

/** A load failure other than a missing activity, with a retry. */
export const ActivityLoadFailure = LoadFailurePage;

/** A page this person may not use (an administrator on a teacher's form), with a way back. */
export function NotForYou({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageMessage
      title={title}
      icon={IconLock}
      action={
        <Button component={Link} to="/activities" variant="light">
          Back to Activities
        </Button>
      }
    >
      {children}
    </PageMessage>
  );
}

/** The photo of a card, or a placeholder when the activity has none. */
export function ActivityPhoto({ activity, height }: { activity: Activity; height: number }) {
  if (activity.photoUrl) {
    return <Image src={activity.photoUrl} alt="" h={height} fit="cover" />;
  }
  return (
    <Box
      h={height}
      bg="var(--mantine-color-gray-1)"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <IconPhoto size={40} stroke={1.3} color="var(--mantine-color-gray-5)" aria-hidden />
    </Box>
  );
}
