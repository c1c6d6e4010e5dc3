import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/**
 * A date picked as dd/mm/aaaa and kept in the form as `YYYY-MM-DD`, the way the API takes it,
 * so the shared schema validates what is sent.
 */
export function DateInput({
  value,
  onChange,
  disabled,
  id,
}: {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  id?: string;
}) {
  const parsed = value ? dayjs(value) : null;
  return (
    <DatePicker
      id={id}
      value={parsed?.isValid() ? parsed : null}
      format="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      disabled={disabled}
      onChange={(date) => onChange?.(date ? date.format('YYYY-MM-DD') : undefined)}
      style={{ width: '100%', maxWidth: 220 }}
    />
  );
}
