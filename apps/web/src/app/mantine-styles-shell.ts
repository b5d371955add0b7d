// The Mantine styles of the components the protected layout and the dashboard render beyond the sign-in
// page's (main.tsx), and the toasts' (Toasts.tsx: the first page after signing in shows 'Welcome back!'),
// in the order of @mantine/core/styles.css, then the extension's: the first signed-in page loads these
// and not the other pages' (mantine-styles.ts, which imports this file first). Imported first by the
// layout's and the dashboard's modules that render them or have a CSS module of their own, so that the
// app's rules come after these (both are in the 'shell-styles' chunk, vite.config.ts, in that order).
// The build checks that every component those modules render has its file here or in main.tsx.
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/notifications/styles.css';
