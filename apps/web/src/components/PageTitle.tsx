import { Title, type TitleProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

const APP_NAME = 'Child Support Programme';

/** The browser tab's title for a page whose h1 reads `page`. */
export const documentTitle = (page: string) => `${page} · ${APP_NAME}`;

/** The page's one h1; also sets the browser tab title. */
export function PageTitle({ children, ...props }: Omit<TitleProps, 'order'> & { children: string }) {
  useDocumentTitle(documentTitle(children));
  return (
    <Title order={1} fz={{ base: 'h2', sm: 'h1' }} {...props}>
      {children}
    </Title>
  );
}
