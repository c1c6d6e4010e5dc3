import { rankByCode } from './code-name-ranking.js';
import type { ItemKind } from '../../shared/resources/items.js';

/**
 * What each item picker offers (DOMAIN §3: the items are products and feedstocks) and how it
 * lists them. item-lookups.ts reads them from the API; item-select.tsx is the picker.
 */

/** What a picker and its form read of an item. */
export interface PickedItem {
  id: number;
  code: string;
  name: string;
  kind: ItemKind;
  unitId: number;
  unitCode: string;
  lastPurchasePrice: string | null;
  averageCost: string | null;
  /** A product's sale price (feedstocks have none). */
  salePrice?: string | null;
  defaultSupplierId?: number | null;
  /** Whether a product has a bill of materials (a row of the products' list says so). */
  hasBillOfMaterials?: boolean;
}

/** One kind of item a picker offers: its filter on the API and its heading in the open list. */
export interface ItemGroup {
  kind: ItemKind;
  /** The group's heading; a picker of one group lists its items without one. */
  heading?: string;
  /** More of the API's filters (`origin: 'RESALE'`). */
  query?: Record<string, string>;
  /** How many of the search's matches it asks for. */
  pageSize?: number;
  /** What the API cannot filter: a product with a bill of materials. */
  keep?: (item: PickedItem) => boolean;
}

/** What a picker offers, in its groups' order, and what it says when nothing is found. */
export interface ItemSet {
  groups: readonly ItemGroup[];
  placeholder: string;
  notFound: string;
}

/** What a purchase order buys: feedstocks and products for resale. */
export const purchasableItems: ItemSet = {
  groups: [
    { kind: 'FEEDSTOCK', heading: 'Insumos' },
    { kind: 'PRODUCT', heading: 'Produtos de revenda', query: { origin: 'RESALE' } },
  ],
  placeholder: 'Código ou nome',
  notFound: 'Nenhum item encontrado',
};

/** What an invoice carries: products (sold) and feedstocks (a purchase return, a remittance). */
export const invoiceableItems: ItemSet = {
  groups: [
    { kind: 'PRODUCT', heading: 'Produtos' },
    { kind: 'FEEDSTOCK', heading: 'Insumos' },
  ],
  placeholder: 'Código ou nome',
  notFound: 'Nenhum item encontrado',
};

/** What a sales order sells: products, manufactured or for resale. */
export const sellableProducts: ItemSet = {
  groups: [{ kind: 'PRODUCT' }],
  placeholder: 'Código ou nome',
  notFound: 'Nenhum produto encontrado',
};

/** What a stock movement moves: any product or feedstock. */
export const stockedItems: ItemSet = {
  groups: [
    { kind: 'PRODUCT', heading: 'Produtos' },
    { kind: 'FEEDSTOCK', heading: 'Insumos' },
  ],
  placeholder: 'Código ou nome',
  notFound: 'Nenhum item encontrado',
};

/** What a production order makes: manufactured products with a bill of materials. */
export const producibleProducts: ItemSet = {
  groups: [
    {
      kind: 'PRODUCT',
      query: { origin: 'MANUFACTURED' },
      pageSize: 50,
      keep: (item) => item.hasBillOfMaterials === true,
    },
  ],
  placeholder: 'Selecione um produto fabricado',
  notFound: 'Nenhum produto fabricado com ficha técnica',
};

export const itemLabel = (item: Pick<PickedItem, 'code' | 'name'>) => `${item.code} – ${item.name}`;

interface ItemOption {
  value: number;
  label: string;
}

type ItemPickerOption = ItemOption | { label: string; options: ItemOption[] };

/**
 * An item picker's options: the items found, ranked by code for what was searched
 * (code-name-ranking), under their group's heading; the group holding the best match heads the
 * list, so Enter picks the exact code. The chosen item, when not among them (a saved line, an
 * inactive item, a filter read from the URL), comes first with its name.
 */
export function itemOptions(
  set: ItemSet,
  found: readonly PickedItem[],
  q: string,
  chosen: PickedItem | null | undefined,
): ItemPickerOption[] {
  const ranked = rankByCode(found, (item) => item.code, q);
  const option = (item: PickedItem) => ({ value: item.id, label: itemLabel(item) });
  const first = (kind: PickedItem['kind']) => {
    const index = ranked.findIndex((item) => item.kind === kind);
    return index === -1 ? ranked.length : index;
  };
  const groups = set.groups
    .map((group, order) => ({ group, order }))
    .sort((a, b) => (q === '' ? 0 : first(a.group.kind) - first(b.group.kind)) || a.order - b.order)
    .flatMap(({ group }): ItemPickerOption[] => {
      const items = ranked.filter((item) => item.kind === group.kind).map(option);
      if (items.length === 0) return [];
      return group.heading === undefined ? items : [{ label: group.heading, options: items }];
    });
  const listed = chosen && found.some((item) => item.id === chosen.id);
  return chosen && !listed ? [option(chosen), ...groups] : groups;
}
