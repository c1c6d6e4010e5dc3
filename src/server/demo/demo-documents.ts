import { cnpj, cpf } from '../../shared/br/documents.js';
import { cnpjFrom, cpfFrom } from '../testing/documents.js';

/**
 * The demo's CPF, CNPJ and state registrations: made from a serial, so that each run makes the
 * same ones, with check digits computed as the Receita's rules say and then checked by the same
 * library the forms validate with (@brazilian-utils, src/shared/br) — a demo record that a form
 * would refuse would be a broken demo.
 */
function checked(value: string, valid: boolean, kind: string): string {
  if (!valid) throw new Error(`demo ${kind} ${value} is not valid`);
  return value;
}

export function demoCpf(serial: number): string {
  const value = cpfFrom(String(318_204_000 + serial * 7919).slice(0, 9));
  return checked(value, cpf.isValid(value), 'CPF');
}

/** A numeric CNPJ, head office (0001), root made from the serial. */
export function demoCnpj(serial: number): string {
  const value = cnpjFrom(`${String(27_415_000 + serial * 1_237).padStart(8, '0')}0001`);
  return checked(value, cnpj.isValid(value), 'CNPJ');
}

/** An alphanumeric CNPJ (issued from July 2026): letters in the root, digits in the check. */
export function demoAlphanumericCnpj(serial: number): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const root = `${letters[serial % letters.length]}${letters[(serial * 7) % letters.length]}${String(
    310_000 + serial * 97,
  ).slice(0, 6)}`;
  const value = cnpjFrom(`${root}0001`);
  return checked(value, cnpj.isValid(value), 'CNPJ');
}

/**
 * A São Paulo state registration (12 digits): the 9th and 12th are check digits, each the last
 * digit of a weighted sum's remainder by 11 (SEFAZ-SP).
 */
export function demoSaoPauloIe(serial: number): string {
  const base = String(110_000_00 + serial * 311).slice(0, 8);
  const digit = (digits: string, weights: number[]) =>
    String(([...digits].reduce((sum, d, i) => sum + Number(d) * weights[i]!, 0) % 11) % 10);
  const first = digit(base, [1, 3, 4, 5, 6, 7, 8, 10]);
  const eleven = `${base}${first}${String(serial % 100).padStart(2, '0')}`;
  return `${eleven}${digit(eleven, [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2])}`;
}
