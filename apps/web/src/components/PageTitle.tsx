import { Title, type TitleProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

const APP_NAME = 'Child Support Programme';

/** The page's one h1; also sets the browser tab title. */
export function PageTitle({ children, ...props }: Omit<TitleProps, 'order'> & { children: string }) {
  useDocumentTitle(`${children} · ${APP_NAME}`);
  return (
    <Title order={1} fz={{ base: 'h2', sm: 'h1' }} {...props}>
      {children}
    </Title>
  );
}
