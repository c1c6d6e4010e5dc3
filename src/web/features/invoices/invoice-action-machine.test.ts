import { describe, expect, it } from 'vitest';
import { allPermissions } from '../../../shared/permissions.js';
import {
  invoiceActionLabels,
  invoiceActionPermissions,
  type InvoiceAction,
  type InvoiceStatus,
  type SefazStatus,
} from '../../../shared/resources/invoices.js';
import { documentActionOf, visibleActions } from '../../components/document-actions.js';
import { invoiceActionMachine } from './invoice-action-machine.js';

const action = documentActionOf(invoiceActionLabels, invoiceActionPermissions);
// "Denegar" is SEFAZ's answer recorded, never a button.
const all = (Object.keys(invoiceActionLabels) as InvoiceAction[])
  .filter((name) => name !== 'deny')
  .map((name) => action(name, () => Promise.resolve()));
const shown = (
  status: InvoiceStatus,
  sefazStatus: SefazStatus,
  permissions: readonly string[] = allPermissions,
) =>
  visibleActions(invoiceActionMachine(sefazStatus), status, all, permissions).map((a) => a.label);

describe("the invoice's action bar", () => {
  it('offers "Emitir" on a draft, "Transmitir" once rejected or not sent', () => {
    expect(shown('DRAFT', 'NOT_SENT')).toEqual(['Editar', 'Emitir', 'Excluir']);
    expect(shown('ISSUED', 'REJECTED')).toEqual(['Editar', 'Transmitir', 'Cancelar']);
    // Not sent (nothing reached SEFAZ): sent again as it is, editable only once rejected.
    expect(shown('ISSUED', 'NOT_SENT')).toEqual(['Transmitir', 'Cancelar']);
  });

  it('offers only "Consultar" while SEFAZ has not answered, nothing while sending', () => {
    expect(shown('ISSUED', 'PENDING')).toEqual(['Consultar']);
    expect(shown('ISSUED', 'SENDING')).toEqual([]);
  });

  it('offers "Cancelar" once authorised, nothing once denied or cancelled', () => {
    expect(shown('ISSUED', 'AUTHORIZED')).toEqual(['Cancelar']);
    expect(shown('DENIED', 'DENIED')).toEqual([]);
    expect(shown('CANCELLED', 'AUTHORIZED')).toEqual([]);
  });

  it('hides "Transmitir" and "Consultar" without invoices:issue', () => {
    const withoutIssue = allPermissions.filter((p) => p !== 'invoices:issue');
    expect(shown('ISSUED', 'REJECTED', withoutIssue)).toEqual(['Editar', 'Cancelar']);
    expect(shown('ISSUED', 'PENDING', withoutIssue)).toEqual([]);
  });
});
