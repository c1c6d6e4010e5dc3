import { Input } from 'antd';
import { CnpjInput, CpfInput } from './masked-input.js';

/**
 * CPF or CNPJ, by the person type chosen in the same form: a person (F) types a CPF, a company
 * (J) a CNPJ, letters allowed in its first 12 characters (DOMAIN §1).
 */
export function DocumentInput({
  personType,
  value,
  onChange,
  disabled,
  id,
}: {
  personType: unknown;
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
}) {
  const props = { id, value, onChange, disabled };
  if (personType === 'F') return <CpfInput {...props} />;
  if (personType === 'J') return <CnpjInput {...props} />;
  return (
    <Input
      id={id}
      value={value ?? ''}
      disabled={disabled}
      maxLength={18}
      placeholder="Escolha antes o tipo de pessoa"
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}
