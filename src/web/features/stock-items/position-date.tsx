import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { addDays } from '../../../shared/plain-date.js';

/**
 * "Posição em": the day whose end the balances are at, today by default and never later.
 * "Hoje" and "Ontem" are one pick each, beside the calendar.
 */
export function PositionDate({
  value,
  today,
  onChange,
}: {
  value: string;
  today: string;
  onChange: (day: string) => void;
}) {
  return (
    <DatePicker
      prefix="Posição em"
      aria-label="Posição em"
      value={dayjs(value)}
      format="DD/MM/YYYY"
      allowClear={false}
      disabledDate={(day) => day.format('YYYY-MM-DD') > today}
      presets={[
        { label: 'Hoje', value: dayjs(today) },
        { label: 'Ontem', value: dayjs(addDays(today, -1)) },
      ]}
      onChange={(day) => onChange(day ? day.format('YYYY-MM-DD') : today)}
      style={{ width: 230, maxWidth: '100%' }}
    />
  );
}
