import { Input, type InputProps } from 'antd';
import { formatTypedMoney } from './money-text.js';

type MoneyInputProps = Omit<InputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * Money as a Brazilian would type it: "R$" in front, digits with a comma for cents, formatted as
 * "1.234,50" when the field is left. The form keeps the text; the page sends the decimal string.
 */
export function MoneyInput({ value, onChange, onBlur, ...rest }: MoneyInputProps) {
  return (
    <Input
      inputMode="decimal"
      placeholder="0,00"
      {...rest}
      prefix="R$"
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value.replace(/[^\d.,-]/g, ''))}
      onBlur={(event) => {
        const formatted = formatTypedMoney(value ?? '');
        if (formatted !== (value ?? '')) onChange?.(formatted);
        onBlur?.(event);
      }}
      style={{ textAlign: 'right', ...rest.style }}
    />
  );
}
