import { Flex, Tag, Typography, type TableColumnType } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import type { KardexLine, MovementLine } from './kardex-lines.js';

const wrapping = () => ({ style: { overflowWrap: 'anywhere' } as CSSProperties });
const whole = () => ({ style: { whiteSpace: 'nowrap' } as CSSProperties });

const directionColors = { in: '#237804', out: '#a8071a', none: undefined } as const;

/** The movement's number: a link to it in Movimentação de Estoque for who may read movements. */
function MovementNumber({ line, movementPath }: { line: MovementLine; movementPath?: string }) {
  return movementPath ? (
    <Link to={`${movementPath}/${line.id}`} onClick={(event) => event.stopPropagation()}>
      #{line.id}
    </Link>
  ) : (
    <span>#{line.id}</span>
  );
}

function TypeTags({ line }: { line: MovementLine }) {
  return (
    <Flex gap={4} wrap>
      <Tag color={line.type.color} style={{ marginInlineEnd: 0 }}>
        {line.type.label}
      </Tag>
      {line.reversalOf !== null && (
        <Tag color="purple" style={{ marginInlineEnd: 0 }}>
          Estorno de #{line.reversalOf}
        </Tag>
      )}
    </Flex>
  );
}

/** + in green, − in red: the sign says it, the colour only helps. */
function Change({ line }: { line: MovementLine }) {
  return (
    <span style={{ color: directionColors[line.direction], fontVariantNumeric: 'tabular-nums' }}>
      {line.change}
    </span>
  );
}

const strong = (text: string) => <Typography.Text strong>{text}</Typography.Text>;

/**
 * The opening line spans the columns before the balance; a movement fills them. `render` of a
 * column gives the movement's cell, the opening line's is empty unless said otherwise.
 */
function column(
  spec: TableColumnType<KardexLine> & {
    movement: (line: MovementLine) => ReactNode;
    opening?: (line: Extract<KardexLine, { kind: 'opening' }>) => ReactNode;
  },
): TableColumnType<KardexLine> {
  const { movement, opening, ...rest } = spec;
  return {
    ...rest,
    render: (_value, line) =>
      line.kind === 'movement' ? movement(line) : opening ? opening(line) : null,
  };
}

/**
 * The kardex's columns. From 768 px: number, date, type, from → to, quantity (+/− at the
 * location), unit cost and balance after. Below 768 px three: the movement (number, date, type
 * and places stacked), the quantity and the balance.
 */
export function kardexColumns(options: {
  small: boolean;
  unitCode: string;
  movementPath?: string;
}): TableColumnType<KardexLine>[] {
  const { unitCode, movementPath } = options;
  const balance = column({
    key: 'balance',
    title: `Saldo (${unitCode})`,
    align: 'right',
    width: options.small ? 96 : 136,
    onCell: whole,
    movement: (line) => line.balance,
    opening: (line) => strong(line.balance),
  });
  const quantity = column({
    key: 'change',
    title: 'Quantidade',
    align: 'right',
    width: options.small ? 96 : 136,
    onCell: whole,
    movement: (line) => <Change line={line} />,
  });

  if (options.small) {
    return [
      column({
        key: 'movement',
        title: 'Movimento',
        onCell: wrapping,
        movement: (line) => (
          <Flex vertical gap={2} align="flex-start">
            <Flex gap={6} wrap align="center">
              <MovementNumber line={line} movementPath={movementPath} />
              <span>{line.date}</span>
            </Flex>
            <TypeTags line={line} />
            {line.places && <Typography.Text type="secondary">{line.places}</Typography.Text>}
          </Flex>
        ),
        opening: (line) => strong(line.label),
      }),
      quantity,
      balance,
    ];
  }

  return [
    column({
      key: 'id',
      title: 'Nº',
      width: 80,
      movement: (line) => <MovementNumber line={line} movementPath={movementPath} />,
      opening: (line) => strong(line.label),
      onCell: (line) => (line.kind === 'opening' ? { colSpan: 4 } : {}),
    }),
    column({
      key: 'date',
      title: 'Data',
      width: 104,
      onCell: (line) => (line.kind === 'opening' ? { colSpan: 0 } : whole()),
      movement: (line) => line.date,
    }),
    column({
      key: 'type',
      title: 'Tipo',
      width: 150,
      onCell: (line) => (line.kind === 'opening' ? { colSpan: 0 } : {}),
      movement: (line) => <TypeTags line={line} />,
    }),
    column({
      key: 'places',
      title: 'De → Para',
      onCell: (line) => (line.kind === 'opening' ? { colSpan: 0 } : wrapping()),
      movement: (line) => line.places,
    }),
    quantity,
    column({
      key: 'unitCost',
      title: 'Custo unitário',
      align: 'right',
      width: 130,
      onCell: whole,
      movement: (line) => line.unitCost,
    }),
    balance,
  ];
}

/** The narrowest the columns add up to at 768 px and up: below it, the table scrolls sideways. */
export const KARDEX_TABLE_MIN_WIDTH = 900;
