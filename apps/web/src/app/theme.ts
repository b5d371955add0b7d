import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Badges read exactly as the spec writes them ('Active', 'Pending Review'), not in capitals.
    Badge: Badge.extend({ defaultProps: { tt: 'none' } }),
  },
});
