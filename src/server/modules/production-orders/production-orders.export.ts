import type { ExportFormat } from '../../../shared/export-file-name.js';
import {
  productionOrderMachine,
  productionOrdersLabel,
} from '../../../shared/resources/production-orders.js';
import type { FieldSpec } from '../../../shared/resource.js';
import type { DbOrTrx } from '../../db/connection.js';
import { createExportFile } from '../../platform/export.js';
import { eachOrderBatch, type OrderFilters } from './production-orders.repo.js';
import { productionOrderSummary } from './production-orders.read.js';

/** The export of the list: every order of the filter, in the list's order. */
const fields: FieldSpec[] = [
  { key: 'number', label: 'Número', kind: 'text' },
  { key: 'productCode', label: 'Código', kind: 'text' },
  { key: 'productName', label: 'Produto', kind: 'text' },
  { key: 'quantity', label: 'Quantidade', kind: 'quantity' },
  { key: 'unit', label: 'Unidade', kind: 'text' },
  { key: 'plannedStart', label: 'Início previsto', kind: 'date' },
  { key: 'plannedEnd', label: 'Término previsto', kind: 'date' },
  { key: 'sourceLocationName', label: 'Origem', kind: 'text' },
  { key: 'targetLocationName', label: 'Destino', kind: 'text' },
  {
    key: 'status',
    label: 'Situação',
    kind: 'enum',
    options: productionOrderMachine.statuses,
  },
  { key: 'producedQuantity', label: 'Produzido', kind: 'quantity' },
  { key: 'completionDate', label: 'Conclusão', kind: 'date' },
  { key: 'totalCost', label: 'Custo total', kind: 'money' },
  { key: 'unitCost', label: 'Custo unitário', kind: 'unitCost' },
];

export async function productionOrdersFile(
  db: DbOrTrx,
  format: ExportFormat,
  query: OrderFilters & { sort?: string },
): Promise<{ body: Buffer; contentType: string }> {
  const file = await createExportFile(format, productionOrdersLabel, fields);
  const names = new Map();
  await eachOrderBatch(db, query, (rows) => {
    for (const row of rows) file.addRow(productionOrderSummary(row), names);
  });
  return { body: await file.finish(), contentType: file.contentType };
}
