import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { lazyPart } from '../components/LazyPart.tsx';
import { AuthProvider } from '../features/auth/components/AuthProvider.tsx';
import { queryClient } from '../lib/queryClient.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const Toasts = lazyPart<object>(
  () => import('./Toasts.tsx').then((m) => ({ default: m.Toasts })),
  'The messages',
);

/**
 * The toasts' container could not be downloaded: nothing shows (the app goes on; the toasts wait in the
 * store), and a toast that came after the download began (`since`: how many were waiting then), or the
 * connection coming back, downloads it again. A toast shown while the download was still failing counts:
 * on a slow connection the failure can arrive after it.
 */
function RetryWithNextToast({ retry, since }: { retry: () => void; since: number }) {
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length;
  useEffect(() => {
    if (waiting > since) retry();
  }, [waiting, since, retry]);
  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);
  return null;
}

/**
 * The toasts' container, loaded with the first toast: no page paints one first, so its code (portal,
 * transitions) stays out of every first load. A toast is kept in the notifications store
 * (lib/notify.ts) and shows as soon as the container is in.
 */
function ToastsOnceNeeded() {
  const { notifications, queue } = useNotifications();
  const waiting = notifications.length + queue.length;
  const [needed, setNeeded] = useState(false);
  // How many toasts were waiting when the container's download last began.
  const [attemptedWith, setAttemptedWith] = useState(0);
  if (!needed && waiting > 0) {
    setNeeded(true);
    setAttemptedWith(waiting);
  }
  return needed ? (
    <Toasts
      loading={null}
      failed={(retry) => (
        <RetryWithNextToast
          since={attemptedWith}
          retry={() => {
            setAttemptedWith(waiting);
            retry();
          }}
        />
      )}
    />
  ) : null;
}

/** Theme, toasts (top right, 6 s; Toasts.tsx), server-data cache and the auth state. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ToastsOnceNeeded />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
