import { Input, type InputProps } from 'antd';
import { formatTypedQuantity, MAX_QUANTITY_DECIMALS } from './quantity-text.js';
import { selectOnFocus } from './select-on-focus.js';

type QuantityInputProps = Omit<InputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
  /** The unit's decimal places (0 to 3); the most a quantity may have while it is not known. */
  decimals?: number;
  /** The unit's code ("KG"), shown after the number. */
  unit?: string;
};

/**
 * A quantity as a Brazilian would type it ("1.234,5"), shown in its unit's decimals when the
 * field is left ("1.234,500" for kilograms). The form keeps the text as typed; the page sends
 * the decimal string (quantity-text.ts), so a wrong value is refused next to the field rather
 * than rounded.
 */
export function QuantityInput({
  value,
  onChange,
  onBlur,
  onFocus,
  decimals = MAX_QUANTITY_DECIMALS,
  unit,
  ...rest
}: QuantityInputProps) {
  return (
    <Input
      inputMode={decimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      placeholder={decimals === 0 ? '0' : `0,${'0'.repeat(decimals)}`}
      {...rest}
      // Always a suffix: antd rebuilds the input (losing focus) when one appears or goes.
      suffix={unit ?? <span />}
      value={value ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      onFocus={(event) => {
        selectOnFocus.onFocus(event);
        onFocus?.(event);
      }}
      onMouseUp={selectOnFocus.onMouseUp}
      onBlur={(event) => {
        const formatted = formatTypedQuantity(value ?? '', decimals);
        if (formatted !== (value ?? '')) onChange?.(formatted);
        onBlur?.(event);
      }}
      style={{ textAlign: 'right', ...rest.style }}
    />
  );
}
