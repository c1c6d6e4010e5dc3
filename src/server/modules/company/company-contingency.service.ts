import type { NfeEmissionMode } from '../../../shared/resources/nfe-contingency.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { findNfeContingency, lockNfeContingency, updateNfeContingency } from './company.repo.js';

/** The company's NF-e contingency: NORMAL (since and reason null), or an SVC since when and why. */
export interface CompanyContingency {
  mode: NfeEmissionMode;
  since: Date | null;
  reason: string | null;
}

type Row = NonNullable<Awaited<ReturnType<typeof findNfeContingency>>>;

const fromRow = (row: Row | undefined): CompanyContingency =>
  !row || row.nfeContingencyMode === null || row.nfeContingencyMode === 'NORMAL'
    ? { mode: 'NORMAL', since: null, reason: null }
    : {
        mode: row.nfeContingencyMode,
        since: row.nfeContingencySince,
        reason: row.nfeContingencyReason,
      };

/** Read in the caller's transaction (the issue's), so the NF-e is keyed by the mode it reads. */
export async function companyContingency(db: DbOrTrx): Promise<CompanyContingency> {
  return fromRow(await findNfeContingency(db));
}

/** The contingency row locked, in the caller's transaction, before deciding a switch. */
export async function lockCompanyContingency(trx: Trx): Promise<CompanyContingency> {
  return fromRow(await lockNfeContingency(trx));
}

const auditView = (value: CompanyContingency) => ({
  nfeContingencyMode: value.mode,
  nfeContingencySince: value.since?.toISOString() ?? null,
  nfeContingencyReason: value.reason,
});

/**
 * Writes the mode (the caller decided it may, under lockCompanyContingency) and audits it as a
 * change of the company (entity company, action contingency, before → after).
 */
export async function setCompanyContingency(
  trx: Trx,
  ctx: AuditContext,
  before: CompanyContingency,
  after: CompanyContingency,
): Promise<void> {
  await updateNfeContingency(
    trx,
    {
      nfeContingencyMode: after.mode,
      nfeContingencySince: after.since,
      nfeContingencyReason: after.reason,
    },
    ctx.userId,
  );
  await recordAudit(trx, ctx, {
    entity: 'company',
    entityId: 1,
    action: 'contingency',
    before: auditView(before),
    after: auditView(after),
  });
}
