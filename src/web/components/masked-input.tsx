import { Input, type InputProps } from 'antd';
import { masks, type Mask } from './masks.js';

type MaskedInputProps = Omit<InputProps, 'value' | 'onChange' | 'maxLength'> & {
  value?: string | null;
  onChange?: (value: string) => void;
};

/**
 * An antd Input that keeps its value formatted while typing (Form.Item hands it `value` and
 * `onChange`). A raw value from the API (`12345678000195`) is shown formatted as well.
 */
function MaskedInput({ mask, value, onChange, ...rest }: MaskedInputProps & { mask: Mask }) {
  return (
    <Input
      {...rest}
      value={value ? mask.format(value) : ''}
      maxLength={mask.maxLength}
      onChange={(event) => onChange?.(mask.format(event.target.value))}
    />
  );
}

export const CpfInput = (props: MaskedInputProps) => (
  <MaskedInput inputMode="numeric" placeholder="000.000.000-00" {...props} mask={masks.cpf} />
);

export const CnpjInput = (props: MaskedInputProps) => (
  <MaskedInput placeholder="00.000.000/0000-00" {...props} mask={masks.cnpj} />
);

export const CepInput = (props: MaskedInputProps) => (
  <MaskedInput inputMode="numeric" placeholder="00000-000" {...props} mask={masks.cep} />
);

export const PhoneInput = (props: MaskedInputProps) => (
  <MaskedInput inputMode="tel" placeholder="(00) 00000-0000" {...props} mask={masks.phone} />
);
