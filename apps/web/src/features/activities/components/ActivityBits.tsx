import type { Activity } from '@csp/contracts';
import { Box, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

/** A missing (or someone else's) activity (spec part 1 §8 "Missing records"). */
export const ACTIVITY_NOT_FOUND = {
  message: 'Activity not found.',
  backTo: '/activities',
  backLabel: 'Back to Activities',
};

/** What the forms say to someone who may not use them, and the way back. */
export const ACTIVITIES_WAY_BACK = { backTo: '/activities', backLabel: 'Back to Activities' };

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
