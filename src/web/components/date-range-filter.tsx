import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { allowClear } from './antd-config.js';

/** A period's bounds as the URL and the API spell them: `YYYY-MM-DD`, or null for no bound. */
interface DateRange {
  from: string | null;
  to: string | null;
}

const toDay = (value: string | null) => (value ? dayjs(value) : null);
const toText = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

/**
 * A list's period filter ("Período": De … Até), either bound optional and both inclusive, typed
 * or picked as dd/mm/aaaa. Every document list filters by a period (DOMAIN §4, §5, §9).
 */
export function DateRangeFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DateRange;
  onChange: (range: DateRange) => void;
}) {
  return (
    <DatePicker.RangePicker
      prefix={label}
      aria-label={label}
      value={[toDay(value.from), toDay(value.to)]}
      format="DD/MM/YYYY"
      placeholder={['De', 'Até']}
      allowEmpty={[true, true]}
      allowClear={allowClear}
      onChange={(dates) => onChange({ from: toText(dates?.[0]), to: toText(dates?.[1]) })}
      style={{ maxWidth: '100%' }}
    />
  );
}
