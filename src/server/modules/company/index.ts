/**
 * What other modules and the server's entry points use of the company (`getCompany`: the header
 * of every printed document; `stockClosedThrough` and `productionTolerancePercent`: the settings
 * stock postings and production orders check; `companySigningCertificate`: the A1 key and
 * certificate the NF-e is signed with; `companyContingency` and its setters: the NF-e contingency mode
 * the invoices module issues by and switches). Everything here but the routes plugin works in
 * the caller's transaction (or connection) and never opens one.
 */
export { companyRoutes } from './company.routes.js';
export { companySigningCertificate } from './company-certificate.service.js';
export {
  companyContingency,
  lockCompanyContingency,
  setCompanyContingency,
  type CompanyContingency,
} from './company-contingency.service.js';
export {
  companyPixData,
  ensureCompany,
  getCompany,
  productionTolerancePercent,
  stockClosedThrough,
} from './company.service.js';
