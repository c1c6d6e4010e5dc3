import type { TableColumnType } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  smallScreenColumns,
  type ColumnSpec,
  type FieldKind,
  type ResourceDefinition,
} from '../../shared/resource.js';
import { fieldName, getPath } from './object-path.js';
import type { ResourceSummary } from './resource-row.js';
import { EllipsisText, ellipsisColumn } from './ellipsis-text.js';
import { ValueCell } from './value-cell.js';

type SortOrder = 'ascend' | 'descend' | null;

/** `name` → ascend, `-name` → descend, for the column whose key is sorted. */
function sortOrderOf(sort: string, key: string): SortOrder {
  if (sort === key) return 'ascend';
  if (sort === `-${key}`) return 'descend';
  return null;
}

/** Figures line up on their last digit, as in a spreadsheet. */
const NUMERIC_KINDS: ReadonlySet<FieldKind | undefined> = new Set([
  'money',
  'unitCost',
  'quantity',
  'percent',
]);

const isFreeText = (column: ColumnSpec) =>
  column.kind === undefined || column.kind === 'text' || column.kind === 'enum';

/** Free text wraps, anywhere if it must; a formatted value (money, a CPF, a date) stays whole. */
const smallCellStyle = (column: ColumnSpec): CSSProperties =>
  isFreeText(column) ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' };

/**
 * The list's columns from the definition: cells formatted by kind, figures right-aligned, sortable
 * columns sorted by the server, and the title column (`name`) a link to the record. A long text
 * ends in "…" with the whole of it on hover. On a small screen only the columns that matter are
 * kept and text wraps instead of being cut, so the row fits the width.
 */
export function resourceColumns(
  definition: ResourceDefinition,
  sort: string,
  recordPath: (row: ResourceSummary) => string,
  linkState: unknown,
  small: boolean,
  /** The title of a referenced row (a parent category); without it the cell shows the id. */
  referenceCell?: (resource: string, id: number) => ReactNode,
): TableColumnType<ResourceSummary>[] {
  const columns = small ? smallScreenColumns(definition) : definition.columns;
  return columns.map((column) => {
    const spec = { kind: column.kind, options: column.options };
    const isTitle = column.key === definition.titleField;
    // From 768 px a long text ends in "…" with the whole of it on hover; on a phone it wraps.
    const cutsText = !small && (column.kind === undefined || column.kind === 'text');
    return {
      key: column.key,
      dataIndex: fieldName(column.key),
      title: column.label,
      align: NUMERIC_KINDS.has(column.kind) ? 'right' : undefined,
      sorter: column.sortable ? true : undefined,
      sortOrder: column.sortable ? sortOrderOf(sort, column.key) : undefined,
      sortDirections: ['ascend', 'descend'],
      ...(cutsText ? ellipsisColumn : {}),
      onCell: small ? () => ({ style: smallCellStyle(column) }) : undefined,
      render: (_value: unknown, row: ResourceSummary) => {
        const value = getPath(row, column.key);
        if (isTitle) {
          const title =
            value === null || value === undefined || value === '' ? `#${row.id}` : String(value);
          const link = (
            <Link
              to={recordPath(row)}
              state={linkState}
              onClick={(event) => event.stopPropagation()}
            >
              {title}
            </Link>
          );
          return cutsText ? <EllipsisText text={title}>{link}</EllipsisText> : link;
        }
        if (cutsText && typeof value === 'string' && value !== '') {
          return <EllipsisText text={value} />;
        }
        if (column.references && referenceCell && typeof value === 'number') {
          return referenceCell(column.references, value);
        }
        return <ValueCell spec={spec} value={value} />;
      },
    };
  });
}
