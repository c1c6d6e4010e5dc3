import { Input, type InputProps } from 'antd';
import { formatTypedMoney } from './money-text.js';
import { selectOnFocus } from './select-on-focus.js';

type PercentInputProps = Omit<InputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * A percentage typed the Brazilian way ("2,5"), shown with its 2 places when left ("2,50"), as
 * percentages are stored (numeric(5,2)). Like money, the text stays as typed for the shared
 * schema to refuse what is no number or beyond 100.
 */
export function PercentInput({ value, onChange, onBlur, ...rest }: PercentInputProps) {
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      {...rest}
      suffix="%"
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      onFocus={selectOnFocus.onFocus}
      onMouseUp={selectOnFocus.onMouseUp}
      onBlur={(event) => {
        const formatted = formatTypedMoney(value ?? '');
        if (formatted !== (value ?? '')) onChange?.(formatted);
        onBlur?.(event);
      }}
      style={{ textAlign: 'right', ...rest.style }}
    />
  );
}
