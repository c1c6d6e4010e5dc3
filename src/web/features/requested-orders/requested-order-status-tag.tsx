import {
  requestedOrderMachine,
  type RequestedOrderStatus,
} from '../../../shared/resources/requested-orders.js';
import { DocumentStatusTag } from '../../components/document-status-tag.js';

/** "Aberto" grey, "Aprovado" blue, "Faturado parcialmente" gold, "Entregue" green, "Cancelado" red. */
export function RequestedOrderStatusTag({ status }: { status: RequestedOrderStatus }) {
  return <DocumentStatusTag machine={requestedOrderMachine} status={status} />;
}
