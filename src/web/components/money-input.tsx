import { Input, type InputProps } from 'antd';
import { formatTypedMoney } from './money-text.js';
import { selectOnFocus } from './select-on-focus.js';

type MoneyInputProps = Omit<InputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * Money as a Brazilian would type it: "R$" in front, digits with a comma for cents, formatted as
 * "1.234,50" when the field is left. The form keeps the text exactly as typed (the shared schema
 * says when it is no number); the page sends the decimal string.
 *
 * Entering the field selects what it holds, so typing replaces a pre-filled "0,00".
 */
export function MoneyInput({ value, onChange, onBlur, onFocus, ...rest }: MoneyInputProps) {
  return (
    <Input
      inputMode="decimal"
      placeholder="0,00"
      {...rest}
      prefix="R$"
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      onFocus={(event) => {
        selectOnFocus.onFocus(event);
        onFocus?.(event);
      }}
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
