import { cep, cnpj, phone } from '../../../shared/br/documents.js';
import type { Uf } from '../../../shared/br/states.js';
import { formatDecimal } from '../../../shared/money.js';
import type { Company, CompanyInput, NfeEnvironment } from '../../../shared/resources/company.js';

/**
 * What the company form holds: texts as typed (documents formatted, blanks as ''), selects as
 * undefined when empty so they show their placeholder. `version` stays out of the form: the page
 * adds the one it read when saving.
 */
export interface CompanyFormValues {
  legalName: string;
  tradeName: string;
  cnpj: string;
  stateRegistration: string;
  address: {
    zipCode: string;
    street: string;
    number: string;
    complement: string;
    district: string;
    city: string;
    state: Uf | undefined;
    /** The IBGE municipality (MunicipalitySelect); undefined when none is chosen. */
    cityCode: string | undefined;
  };
  phones: [string, string, string];
  email: string;
  openingHours: string;
  pixKey: string;
  stateCode: string | undefined;
  /** `YYYY-MM-DD` as the date input keeps it; undefined when nothing is closed. */
  stockClosedThrough: string | undefined;
  /** "Tolerância de produção a maior" as typed ("10,00"); the shared schema reads it. */
  productionTolerancePercent: string;
  taxRegime: number;
  nfeEnvironment: NfeEnvironment;
  /** As typed ("1"); the shared schema reads it. */
  invoiceSeries: string;
}

const text = (value: string | null | undefined) => value ?? '';

export function toFormValues(company: Company): CompanyFormValues {
  const address = company.address;
  const phones = company.phones;
  const phoneText = (value: string | null | undefined) => (value ? phone.format(value) : '');
  return {
    legalName: company.legalName,
    tradeName: text(company.tradeName),
    cnpj: company.cnpj ? cnpj.format(company.cnpj) : '',
    stateRegistration: text(company.stateRegistration),
    address: {
      zipCode: address?.zipCode ? cep.format(address.zipCode) : '',
      street: text(address?.street),
      number: text(address?.number),
      complement: text(address?.complement),
      district: text(address?.district),
      city: text(address?.city),
      state: address?.state ?? undefined,
      cityCode: address?.cityCode ?? undefined,
    },
    phones: [phoneText(phones?.[0]), phoneText(phones?.[1]), phoneText(phones?.[2])],
    email: text(company.email),
    openingHours: text(company.openingHours),
    pixKey: text(company.pixKey),
    stateCode: company.stateCode ?? undefined,
    stockClosedThrough: company.stockClosedThrough ?? undefined,
    productionTolerancePercent: formatDecimal(company.productionTolerancePercent, 2),
    taxRegime: company.taxRegime,
    nfeEnvironment: company.nfeEnvironment,
    invoiceSeries: String(company.invoiceSeries),
  };
}

/** The PUT body: the form's values as the shared schema reads them, plus the `version` read. */
export function toUpdateInput(values: CompanyFormValues, version: number): CompanyInput {
  return { ...values, version };
}
