import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DATE_INPUT_FORMAT, parseDateText } from '../lib/date-text.ts';

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** YYYY-MM-DD, or '' when no date is chosen. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date picker whose value is a 'YYYY-MM-DD' string ('' when empty): a calendar, or the date typed as
 * 2026-11-22 or 22 Nov 2026. Shows dates as '22 Nov 2026'.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DateInput
      valueFormat={DATE_INPUT_FORMAT}
      dateParser={parseDateText}
      clearable
      leftSection={<IconCalendar size={16} aria-hidden />}
      leftSectionPointerEvents="none"
      clearButtonProps={{ 'aria-label': 'Clear date' }}
      {...props}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
    />
  );
}
