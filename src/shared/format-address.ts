import { cep } from './br/documents.js';

/** An address as the company, clients and suppliers keep it (DOMAIN §1, §12). */
type Address = Partial<
  Record<
    'zipCode' | 'street' | 'number' | 'complement' | 'district' | 'city' | 'state',
    string | null
  >
>;

/**
 * "Rua das Flores, 123, sala 2 – Centro – São Paulo/SP – CEP 01001-000", skipping blanks: the
 * footer and every printed document write an address this way.
 */
export function formatAddress(address: Address | null | undefined): string {
  if (!address) return '';
  const street = [address.street, address.number, address.complement].filter(Boolean).join(', ');
  const city = [address.city, address.state].filter(Boolean).join('/');
  const zip = address.zipCode ? `CEP ${cep.format(address.zipCode)}` : '';
  return [street, address.district, city, zip].filter(Boolean).join(' – ');
}
