import { Text, type TextProps } from '@mantine/core';

/** The static credit to the development partner (spec part 1 §1); not product behaviour. */
export function DevelopmentPartnerCredit(props: TextProps) {
  return (
    <Text size="xs" c="dimmed" ta="center" {...props}>
      Developed with our development partner
    </Text>
  );
}
