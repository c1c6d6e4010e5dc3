import { errorMessages } from '../../../shared/error-codes.js';
import {
  productionOrderMachine,
  formatProductionOrderNumber,
  type ProductionOrderStatus,
} from '../../../shared/resources/production-orders.js';
import { formatPurchaseOrderNumber } from '../../../shared/resources/purchase-orders.js';
import { stockOriginLabels } from '../../../shared/resources/stock-movements.js';
import type { StockOriginType } from '../../db/types.js';

/**
 * A movement a document made (a purchase receipt, a production order's consumption or output, an
 * invoice) belongs to that document: reversing it by hand in Movimentação de Estoque would leave
 * the document saying one thing and the ledger another (a receipt still billed, a production
 * order still consuming). So "Estornar" is for MANUAL movements only, and a document's movement
 * answers 422 naming the document and what undoes it there, or saying that nothing does.
 */

/** The document as the ledger's origin points at it: its number and status, when it exists. */
export type DocumentOrigin = Exclude<StockOriginType, 'MANUAL'>;

export interface OriginDocument {
  number: number;
  status: string;
}

/** "pela Ordem de Compra OC-000042", "pelo Pedido Recebido #7": by the document, by its number. */
function byDocument(type: DocumentOrigin, id: number, doc?: OriginDocument): string {
  const by = type === 'REQUESTED_ORDER' ? 'pelo' : 'pela';
  const label = stockOriginLabels[type];
  if (doc && type === 'PURCHASE_ORDER') {
    return `${by} ${label} ${formatPurchaseOrderNumber(doc.number)}`;
  }
  if (doc && type === 'PRODUCTION_ORDER') {
    return `${by} ${label} ${formatProductionOrderNumber(doc.number)}`;
  }
  return `${by} ${label} #${id}`;
}

/** What undoes the movement through its document, or the honest "nothing does". */
function undoOf(type: DocumentOrigin, doc?: OriginDocument): string {
  switch (type) {
    case 'PURCHASE_ORDER':
      return 'Um recebimento não tem estorno: corrija o estoque com um movimento manual (Saída ou Ajuste de inventário) e as contas a pagar do recebimento em Contas a Pagar.';
    case 'PRODUCTION_ORDER':
      if (doc?.status === 'IN_PROGRESS') {
        return 'Estorne pelo documento: "Cancelar" a ordem devolve todos os materiais consumidos ao estoque.';
      }
      return `A ordem está ${productionOrderMachine
        .label((doc?.status ?? 'COMPLETED') as ProductionOrderStatus)
        .toLowerCase()} e não tem estorno: corrija o estoque com um movimento manual (Entrada, Saída ou Ajuste de inventário).`;
    case 'INVOICE':
      return 'Estorne pelo documento: "Cancelar" a nota devolve as quantidades ao estoque.';
    case 'REQUESTED_ORDER':
      return 'Estorne pelo documento que o gerou.';
  }
}

/**
 * The 422's message: "Este movimento foi gerado pela Ordem de Produção OP-000007 e não pode ser
 * estornado aqui. Estorne pelo documento: …".
 */
export function documentMovementMessage(
  type: DocumentOrigin,
  id: number,
  doc?: OriginDocument,
): string {
  return errorMessages.DOCUMENT_MOVEMENT({
    by: byDocument(type, id, doc),
    undo: undoOf(type, doc),
  });
}
