import { cep } from '../../shared/br/documents.js';
import type { CompanyData } from '../../shared/resources/company.js';

type Address = CompanyData['address'];

/** "Rua das Flores, 123, sala 2 – Centro – São Paulo/SP – CEP 01001-000", skipping blanks. */
export function formatAddress(address: Partial<Address> | null | undefined): string {
  if (!address) return '';
  const street = [address.street, address.number, address.complement].filter(Boolean).join(', ');
  const city = [address.city, address.state].filter(Boolean).join('/');
  const zip = address.zipCode ? `CEP ${cep.format(address.zipCode)}` : '';
  return [street, address.district, city, zip].filter(Boolean).join(' – ');
}
