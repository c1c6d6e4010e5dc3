import {
  purchaseOrderMachine,
  type PurchaseOrderStatus,
} from '../../../shared/resources/purchase-orders.js';
import { DocumentStatusTag } from '../../components/document-status-tag.js';

/** "Rascunho" grey, "Aprovada" blue, "Recebida parcialmente" gold, "Recebida" green, "Cancelada" red. */
export function OrderStatusTag({ status }: { status: PurchaseOrderStatus }) {
  return <DocumentStatusTag machine={purchaseOrderMachine} status={status} />;
}
