import type { Uf } from '../../../shared/br/states.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import type {
  NfeContingency,
  NfeContingencyInput,
  NfeEmissionMode,
} from '../../../shared/resources/nfe-contingency.js';
import type { Db, DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { ConflictError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import {
  companyContingency,
  companySigningCertificate,
  getCompany,
  lockCompanyContingency,
  setCompanyContingency,
  type CompanyContingency,
} from '../company/index.js';
import {
  authoriserFor,
  contingencyAuthoriser,
  IN_OPERATION,
  queryServiceStatus,
  sefazNotConfigured,
} from '../nfe/index.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { countAwaitingInContingency } from './invoices.repo.js';

/**
 * NF-e contingency (`/nfe/contingency`, issue 20). While it is on, "Emitir" and "Transmitir" key
 * the NF-e for the UF's SVC (tpEmis 6 SVC-AN, 7 SVC-RS, with dhCont and xJust: issue-invoice.ts)
 * and send it there; queries and events follow each NF-e's key (send-to-sefaz.ts, nfe-event.ts).
 *
 * - on (`PUT {reason}`): only when the UF's authoriser is not in operation, asked now (not the
 *   status route's cached answer): 107 is a 409; down, unreachable or refusing is allowed, that is
 *   what contingency is for. Already on, the reason is replaced and `since` (dhCont) kept;
 * - off (`DELETE`): refused (409) while invoices sent in contingency still await an answer:
 *   SEFAZ may hold them, and "Consultar" settles them at the SVC either way, but the user should
 *   see them settled before the screens say "normal" again.
 * Each switch is audited as a change of the company.
 */

const modeOfSvc = { SVCAN: 'SVC_AN', SVCRS: 'SVC_RS' } as const;

function view(uf: Uf | null, contingency: CompanyContingency): NfeContingency {
  return {
    mode: contingency.mode,
    since: contingency.since?.toISOString() ?? null,
    reason: contingency.reason,
    contingencyMode: uf ? modeOfSvc[contingencyAuthoriser(uf)] : null,
  };
}

export async function getContingency(db: DbOrTrx): Promise<NfeContingency> {
  const [company, contingency] = await Promise.all([getCompany(db), companyContingency(db)]);
  return view(company.address.state, contingency);
}

export async function enterContingency(
  db: Db,
  ctx: AuditContext,
  input: NfeContingencyInput,
  issuing: InvoiceIssuing,
): Promise<NfeContingency> {
  const [company, certificate] = await Promise.all([
    getCompany(db),
    companySigningCertificate(db, issuing.certificateKey),
  ]);
  const uf = company.address.state;
  if (!uf || !certificate) throw sefazNotConfigured(uf, certificate);
  // Asked now, outside any transaction: the answer may take NFE_TIMEOUT_S.
  const outcome = await queryServiceStatus(issuing.sefaz, {
    uf,
    environment: company.nfeEnvironment,
    certificate: {
      privateKeyPem: certificate.privateKeyPem,
      certificatePem: certificate.certificatePem,
    },
  });
  if (outcome.answered && outcome.answer.statusCode === IN_OPERATION) {
    throw new ConflictError(
      messages.nfeContingency.homeInOperation(authoriserFor(uf)),
      ErrorCode.SEFAZ_IN_OPERATION,
    );
  }
  const mode: NfeEmissionMode = modeOfSvc[contingencyAuthoriser(uf)];
  const reason = input.reason.trim();
  return inTransaction(db, async (trx) => {
    const before = await lockCompanyContingency(trx);
    const after: CompanyContingency = {
      mode,
      // dhCont is when contingency began: a new reason does not move it.
      since: before.mode === mode ? before.since : new Date(),
      reason,
    };
    await setCompanyContingency(trx, ctx, before, after);
    return view(uf, after);
  });
}

export function leaveContingency(db: Db, ctx: AuditContext): Promise<NfeContingency> {
  return inTransaction(db, async (trx) => {
    const before = await lockCompanyContingency(trx);
    const company = await getCompany(trx);
    if (before.mode === 'NORMAL') return view(company.address.state, before);
    const awaiting = await countAwaitingInContingency(trx);
    if (awaiting > 0) {
      throw new ConflictError(
        messages.nfeContingency.pendingInContingency(awaiting),
        ErrorCode.CONTINGENCY_PENDING,
      );
    }
    const after: CompanyContingency = { mode: 'NORMAL', since: null, reason: null };
    await setCompanyContingency(trx, ctx, before, after);
    return view(company.address.state, after);
  });
}
