import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/AuthProvider.tsx';
import { queryClient } from '../lib/queryClient.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const Toasts = lazy(() => import('./Toasts.tsx').then((m) => ({ default: m.Toasts })));

/**
 * The toasts' container, loaded with the first toast: no page paints one first, so its code (portal,
 * transitions) stays out of every first load. A toast is kept in the notifications store
 * (lib/notify.ts) and shows as soon as the container is in.
 */
function ToastsOnceNeeded() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
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
