import { z } from '../zod-messages.js';
import { companyOutputSchema, type Company } from './company.js';

/**
 * What every signed-in user may read of the company (`GET /company/public`): the facts the footer
 * shows (DOMAIN §14) and its tax regime (the CRT), by which the invoice form previews taxes for
 * whoever writes invoices, nothing else. Picked field by field, so a field added to the company later
 * stays out unless it is added here on purpose.
 */
export const companyPublicSchema = z.strictObject(
  companyOutputSchema.pick({
    legalName: true,
    tradeName: true,
    address: true,
    phones: true,
    openingHours: true,
    taxRegime: true,
  }).shape,
);
export type CompanyPublic = Pick<
  Company,
  'legalName' | 'tradeName' | 'address' | 'phones' | 'openingHours' | 'taxRegime'
>;
