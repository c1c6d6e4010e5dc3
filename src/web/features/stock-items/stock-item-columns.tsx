import { WarningOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography, type TableColumnType } from 'antd';
import type { CSSProperties } from 'react';
import type { StockItemRow } from '../../../shared/resources/stock-items.js';
import { stockItemView, type StockItemView } from './stock-item-row.js';

type SortOrder = 'ascend' | 'descend' | null;

/**
 * A row below its minimum is tinted on every cell (a sorted column's cells paint their own
 * background, so the row's would not show there) and says so in words, with an icon: the
 * colour alone is not what tells it.
 */
const BELOW_MINIMUM_BACKGROUND = '#fff7e6';
/** Dark orange on its own light tint: readable on the tinted row (antd's yellow `warning` is not). */
const BELOW_MINIMUM_TAG = '#ad4e00';

function cell(style: CSSProperties = {}) {
  return (row: StockItemRow) => ({
    style: row.belowMinimum ? { ...style, background: BELOW_MINIMUM_BACKGROUND } : style,
  });
}

const wrapping: CSSProperties = { overflowWrap: 'anywhere' };
const whole: CSSProperties = { whiteSpace: 'nowrap' };
/** A figure on a phone: it may break at its spaces ("R$ 1.234,5678") but never inside a number. */
const figure: CSSProperties = { overflowWrap: 'normal', wordBreak: 'keep-all' };

function BelowMinimumTag({ view }: { view: StockItemView }) {
  return (
    <Tag
      color={BELOW_MINIMUM_TAG}
      icon={<WarningOutlined aria-hidden />}
      title={view.minimumNote ?? undefined}
      // On a phone the item's column is narrow: the words wrap rather than being cut.
      style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}
      data-testid="below-minimum"
    >
      Abaixo do mínimo
    </Tag>
  );
}

/** The item's name, its kind and, when it is short, the mark. */
function Item({ view, location = false }: { view: StockItemView; location?: boolean }) {
  return (
    <Flex vertical gap={2} align="flex-start">
      <span>{view.item}</span>
      <Flex gap={4} wrap>
        <Tag color={view.kind.color} style={{ marginInlineEnd: 0 }}>
          {view.kind.label}
        </Tag>
        {view.belowMinimum && <BelowMinimumTag view={view} />}
      </Flex>
      {location && <Typography.Text type="secondary">{view.location}</Typography.Text>}
    </Flex>
  );
}

/** The quantity, and under it what sales orders hold of it and what is left free. */
function Quantity({ view: row }: { view: StockItemView }) {
  return (
    <>
      {row.quantity}
      {row.reservedNote && (
        <Typography.Text
          type="secondary"
          style={{ display: 'block', fontSize: 12 }}
          data-testid="reserved-note"
        >
          {row.reservedNote}
        </Typography.Text>
      )}
    </>
  );
}

/** The narrowest the columns add up to at 768 px and up: below it, the table scrolls sideways. */
export const STOCK_ITEM_TABLE_MIN_WIDTH = 860;

const view = stockItemView;

/**
 * The list's columns. From 768 px: item (with its kind and the mark), location, quantity in the
 * unit's decimals, average cost and value. Below 768 px three are left: the item with its
 * location under it, the quantity, and the value with the average cost under it; the figures
 * wrap only at their spaces and the item's text anywhere, so a row fits 375 px.
 */
export function stockItemColumns(options: {
  small: boolean;
  sort: string;
}): TableColumnType<StockItemRow>[] {
  const sorting = (key: string): TableColumnType<StockItemRow> => {
    const order: SortOrder =
      options.sort === key ? 'ascend' : options.sort === `-${key}` ? 'descend' : null;
    return { key, sorter: true, sortOrder: order, showSorterTooltip: false };
  };

  if (options.small) {
    return [
      {
        ...sorting('name'),
        title: 'Item',
        onCell: cell(wrapping),
        render: (_value, row) => <Item view={view(row)} location />,
      },
      {
        ...sorting('quantity'),
        title: 'Quantidade',
        align: 'right',
        onCell: cell(figure),
        render: (_value, row) => <Quantity view={view(row)} />,
      },
      {
        ...sorting('value'),
        title: 'Valor',
        align: 'right',
        onCell: cell(figure),
        // The cost's four places made "Custo R$ 1.234,5678" wider than a fixed 112 px column,
        // and it was cut: the figures' columns take what their numbers need, the item the rest.
        render: (_value, row) => {
          const shown = view(row);
          return (
            <Flex vertical gap={2} align="flex-end">
              <span>{shown.value}</span>
              <Typography.Text type="secondary">Custo {shown.averageCost}</Typography.Text>
            </Flex>
          );
        },
      },
    ];
  }

  return [
    {
      ...sorting('name'),
      title: 'Item',
      onCell: cell(wrapping),
      render: (_value, row) => <Item view={view(row)} />,
    },
    {
      key: 'location',
      title: 'Local',
      width: '18%',
      onCell: cell(wrapping),
      render: (_value, row) => view(row).location,
    },
    {
      ...sorting('quantity'),
      title: 'Quantidade',
      align: 'right',
      width: 150,
      onCell: cell(whole),
      render: (_value, row) => <Quantity view={view(row)} />,
    },
    {
      key: 'averageCost',
      title: 'Custo médio',
      align: 'right',
      width: 130,
      onCell: cell(whole),
      render: (_value, row) => view(row).averageCost,
    },
    {
      ...sorting('value'),
      title: 'Valor',
      align: 'right',
      width: 150,
      onCell: cell(whole),
      render: (_value, row) => view(row).value,
    },
  ];
}
