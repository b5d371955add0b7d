import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DATE_INPUT_FORMAT } from '../../../lib/date-text.ts';

export type DateRange = DatesRangeValue<string>;

/** A day or a range from the picker as query dates: one chosen day is that day alone. */
export function rangeOf([start, end]: DateRange) {
  return { startDate: start ?? undefined, endDate: end ?? start ?? undefined };
}

/**
 * A date picker for a day or a range (pick the same day twice, or one day alone), weeks from Sunday,
 * shown as '22 Nov 2026 – 25 Nov 2026'; empty means every date.
 */
export function DateRangeField({
  value,
  onChange,
  label = 'Dates',
}: {
  value: DateRange;
  onChange: (value: DateRange) => void;
  label?: string;
}) {
  return (
    <DatePickerInput
      type="range"
      allowSingleDateInRange
      label={label}
      placeholder="All dates"
      valueFormat={DATE_INPUT_FORMAT}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear dates' }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      leftSectionPointerEvents="none"
      firstDayOfWeek={0}
      // The placeholder is text on the page (not an input's): dark enough to read (WCAG AA).
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      value={value}
      onChange={onChange}
    />
  );
}
