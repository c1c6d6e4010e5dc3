import {
  productionOrderMachine,
  type ProductionOrderStatus,
} from '../../../shared/resources/production-orders.js';
import { DocumentStatusTag } from '../../components/document-status-tag.js';

/** "Planejada" grey, "Em produção" blue, "Concluída" green, "Cancelada" red. */
export function ProductionOrderStatusTag({ status }: { status: ProductionOrderStatus }) {
  return <DocumentStatusTag machine={productionOrderMachine} status={status} />;
}
