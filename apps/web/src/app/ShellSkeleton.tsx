import { Loader, Text, ThemeIcon } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import classes from './ShellSkeleton.module.css';

/**
 * The frame of the signed-in pages (top bar, sidebar on wide screens, page area) while the first page
 * of a visit loads: the protected layout's HydrateFallback. The build also renders it into index.html
 * (src/prerender.tsx), so a phone on a slow connection paints the frame from the HTML and its first
 * style sheet, before any script has arrived, and main.tsx hydrates it. Its styles are the entry's
 * (this module and the Mantine components the sign-in page uses), none of the layout's chunk.
 */
export function ShellSkeleton() {
  return (
    <div className={classes.frame} role="status" aria-label="Loading">
      <div className={classes.header}>
        <ThemeIcon size={34} radius="md" aria-hidden>
          <IconHeartHandshake size={20} />
        </ThemeIcon>
        <Text fw={700} size="sm" lh={1.15}>
          Child Support
          <br />
          Programme
        </Text>
      </div>
      <div className={classes.navbar} />
      <div className={classes.main}>
        <Loader size="sm" />
      </div>
    </div>
  );
}
