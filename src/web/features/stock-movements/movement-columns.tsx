import { Flex, Tag, Typography, type TableColumnType } from 'antd';
import type { CSSProperties } from 'react';
import type { StockMovementRow } from '../../../shared/resources/stock-movements.js';
import { ReverseButton } from './reverse-button.js';
import { canBeReversed, movementView, type MovementView } from './movement-row.js';

type SortOrder = 'ascend' | 'descend' | null;

/** Read by screen readers, not shown: the action column needs no visible heading. */
const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/** Names wrap rather than being cut: an item's whole name is what tells two apart. */
const wrapping = () => ({ style: { overflowWrap: 'anywhere' as const } });
const whole = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** The type's tag and, under it, whether the movement was reversed or is a reversal. */
function TypeTags({ view, inline = false }: { view: MovementView; inline?: boolean }) {
  const { state } = view;
  return (
    <Flex gap={4} vertical={!inline} wrap align="flex-start">
      <Tag color={view.type.color} style={{ marginInlineEnd: 0 }}>
        {view.type.label}
      </Tag>
      {state.kind === 'reversed' && <Tag style={{ marginInlineEnd: 0 }}>Estornado</Tag>}
      {state.kind === 'reversal' && (
        <Tag color="purple" style={{ marginInlineEnd: 0 }}>
          Estorno de #{state.of}
        </Tag>
      )}
    </Flex>
  );
}

/** A reversed movement's quantity is struck through: it no longer counts. */
function Quantity({ view }: { view: MovementView }) {
  return view.state.kind === 'reversed' ? (
    <Typography.Text delete type="secondary">
      {view.quantity}
    </Typography.Text>
  ) : (
    <>{view.quantity}</>
  );
}

export interface MovementColumnOptions {
  small: boolean;
  sort: string;
  canReverse: boolean;
}

const view = (row: StockMovementRow) => movementView(row, row.unitDecimals);

/** The narrowest the list's columns add up to at 768 px and up: below it, it scrolls sideways. */
export const MOVEMENT_TABLE_MIN_WIDTH = 1100;

/**
 * The list's columns. From 768 px: date, type, item, location(s), quantity, unit cost, origin,
 * user and "Estornar", fitting 1200 px (the item and the locations share what the fixed columns
 * leave). Below 768 px three are left: the movement (date, type, item and where it went,
 * stacked), the quantity, and "Estornar" as an icon, so a row fits 375 px.
 */
export function movementColumns(
  options: MovementColumnOptions,
): TableColumnType<StockMovementRow>[] {
  const sortOrder: SortOrder =
    options.sort === 'date' ? 'ascend' : options.sort === '-date' ? 'descend' : null;
  const dateSorting: TableColumnType<StockMovementRow> = {
    sorter: true,
    sortOrder,
    sortDirections: ['descend', 'ascend'],
  };
  const actions: TableColumnType<StockMovementRow>[] = options.canReverse
    ? [
        {
          key: 'actions',
          title: <span style={visuallyHidden}>Ações</span>,
          align: 'right',
          width: options.small ? 52 : 112,
          render: (_value, row) =>
            canBeReversed(row) ? <ReverseButton id={row.id} compact={options.small} /> : null,
        },
      ]
    : [];

  if (options.small) {
    return [
      {
        key: 'date',
        title: 'Movimento',
        ...dateSorting,
        onCell: wrapping,
        render: (_value, row) => {
          const shown = view(row);
          return (
            <Flex vertical gap={2}>
              <Flex gap={6} wrap align="center">
                <span>{shown.date}</span>
                <TypeTags view={shown} inline />
              </Flex>
              <span>{shown.item}</span>
              {shown.places && <Typography.Text type="secondary">{shown.places}</Typography.Text>}
            </Flex>
          );
        },
      },
      {
        key: 'quantity',
        title: 'Quantidade',
        align: 'right',
        width: 120,
        onCell: wrapping,
        render: (_value, row) => <Quantity view={view(row)} />,
      },
      ...actions,
    ];
  }

  return [
    {
      key: 'date',
      title: 'Data',
      width: 104,
      ...dateSorting,
      onCell: whole,
      render: (_value, row) => view(row).date,
    },
    {
      key: 'type',
      title: 'Tipo',
      width: 128,
      render: (_value, row) => <TypeTags view={view(row)} />,
    },
    {
      key: 'item',
      title: 'Item',
      onCell: wrapping,
      render: (_value, row) => view(row).item,
    },
    {
      key: 'places',
      title: 'Local',
      width: '14%',
      onCell: wrapping,
      render: (_value, row) => view(row).places,
    },
    {
      key: 'quantity',
      title: 'Quantidade',
      align: 'right',
      width: 136,
      onCell: whole,
      render: (_value, row) => <Quantity view={view(row)} />,
    },
    {
      key: 'unitCost',
      title: 'Custo unitário',
      align: 'right',
      width: 116,
      onCell: whole,
      render: (_value, row) => view(row).unitCost,
    },
    {
      key: 'origin',
      title: 'Origem',
      width: 96,
      onCell: wrapping,
      render: (_value, row) => view(row).origin,
    },
    {
      key: 'user',
      title: 'Usuário',
      width: 112,
      ellipsis: true,
      render: (_value, row) => view(row).user,
    },
    ...actions,
  ];
}
