/**
 * Valid Brazilian documents made from a base, for tests and the benchmark's data generator
 * (validation itself is @brazilian-utils', in src/shared/br).
 */
const charValue = (c: string) => c.charCodeAt(0) - 48;

/** A valid CPF (11 digits) from 9 base digits. */
export function cpfFrom(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new Error(`bad CPF base ${base}`);
  const digit = (digits: string) => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  return `${base}${first}${digit(`${base}${first}`)}`;
}

/** A valid CNPJ (14 characters, alphanumeric allowed in the first 12) from 12 base characters. */
export function cnpjFrom(base: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base)) throw new Error(`bad CNPJ base ${base}`);
  const digit = (chars: string) => {
    const weights =
      chars.length === 12
        ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
        : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...chars].reduce((acc, c, i) => acc + charValue(c) * weights[i]!, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  return `${base}${first}${digit(`${base}${first}`)}`;
}
