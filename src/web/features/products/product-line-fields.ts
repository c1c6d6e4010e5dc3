import type { FieldSpec } from '../../../shared/resource.js';

/**
 * How the product's history names its lines and their fields ("Insumo 1 incluído", Quantidade
 * por unidade 1,25): the definition describes the product's own fields only.
 */
export const productLineFields: readonly FieldSpec[] = [
  { key: 'components', label: 'Insumo', kind: 'text' },
  { key: 'components.feedstockId', label: 'Insumo', kind: 'reference', references: 'feedstocks' },
  { key: 'components.quantity', label: 'Quantidade por unidade', kind: 'quantity' },
  { key: 'components.lossPercent', label: 'Perda %', kind: 'percent' },
  { key: 'outlays', label: 'Custo de produção', kind: 'text' },
  { key: 'outlays.outlayId', label: 'Custo', kind: 'reference', references: 'outlays' },
  { key: 'outlays.value', label: 'Valor', kind: 'money' },
];
