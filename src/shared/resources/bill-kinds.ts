/**
 * The two kinds of bill (bills.ts) and what differs between them, in a module without schemas:
 * the web's query keys read the paths here, and the login page loads them without bills.ts.
 */
export const billKinds = ['PAY', 'RECEIVE'] as const;
export type BillKind = (typeof billKinds)[number];

/** What differs between the two kinds: the API path, the area, the partner and the words. */
export const billKindInfo = {
  PAY: {
    path: 'bills-to-pay',
    area: 'billsToPay',
    settleAction: 'pay',
    partnerKey: 'supplierId',
    partnerLabel: 'Fornecedor',
    label: 'Contas a Pagar',
    singular: 'Conta a pagar',
    settleLabel: 'Pagar',
    settledLabel: 'Pago',
    categoryKind: 'EXPENSE',
  },
  RECEIVE: {
    path: 'bills-to-receive',
    area: 'billsToReceive',
    settleAction: 'receive',
    partnerKey: 'clientId',
    partnerLabel: 'Cliente',
    label: 'Contas a Receber',
    singular: 'Conta a receber',
    settleLabel: 'Receber',
    settledLabel: 'Recebido',
    categoryKind: 'INCOME',
  },
} as const;
