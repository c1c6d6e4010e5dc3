import {
  invoiceCan,
  type InvoiceAction,
  type InvoiceStatus,
  type SefazStatus,
} from '../../../shared/resources/invoices.js';

/**
 * The machine the invoice's action bar asks: its status by invoiceMachine and its SEFAZ status by
 * invoiceCan's guards, as the server decides ("Transmitir" after a rejection, "Consultar" while
 * no answer came, no "Cancelar" meanwhile).
 */
export const invoiceActionMachine = (sefazStatus: SefazStatus) => ({
  can: (status: InvoiceStatus, action: InvoiceAction) =>
    invoiceCan({ status, sefazStatus }, action),
});
