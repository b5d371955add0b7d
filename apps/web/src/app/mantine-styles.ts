// The Mantine styles of every component beyond the first signed-in page's (main.tsx has the sign-in
// page's, mantine-styles-shell.ts the protected layout's, the dashboard's and the toasts'), in the order
// of @mantine/core/styles.css, then the extensions'. Loaded with every lazy page but the dashboard
// (app-routes.tsx), and imported by the modules outside the pages that render these components (the
// search box, the user menu, the register page, the lazy parts), and first by every such module with a
// CSS module of its own, so that the app's rules come after these (both are in the 'styles' chunk,
// vite.config.ts, in that order). The first signed-in page's come first.
// A component the app starts to use needs its file here (@mantine/core/styles/<Component>.css), or in
// mantine-styles-shell.ts when the layout, the dashboard or the toasts render it.
import './mantine-styles-shell.ts';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/RingProgress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
