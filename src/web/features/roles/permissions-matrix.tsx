import { Checkbox, Table, type TableColumnType } from 'antd';
import { actionLabels } from '../../../shared/permissions.js';
import { useMediaQuery } from '../../components/use-media-query.js';
import {
  everyPermission,
  matrixActions,
  matrixRows,
  permissionOf,
  rowPermissions,
  togglePermissions,
  type MatrixRow,
} from './permission-matrix.js';

/**
 * A role's permissions as a matrix (DOMAIN §10): one row per area, one column per action, a
 * checkbox only where the area has the action, and one per row (and one for all) to tick it all.
 * Ticking an action ticks the area's "Consultar" too, and unticking "Consultar" clears the row.
 * The built-in administrator has everything, shown ticked and locked. On a phone the matrix
 * scrolls sideways inside its card.
 */
export function PermissionsMatrix({
  value,
  onChange,
  disabled,
  allGranted,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled: boolean;
  allGranted: boolean;
}) {
  const narrow = useMediaQuery('(max-width: 575px)');
  const granted = new Set(allGranted ? everyPermission : (value ?? []));
  const locked = disabled || allGranted;
  const set = (permissions: string[], on: boolean) =>
    onChange?.(togglePermissions(granted, permissions, on));
  const tally = (permissions: string[]) => {
    const count = permissions.filter((permission) => granted.has(permission)).length;
    return {
      checked: count === permissions.length,
      indeterminate: count > 0 && count < permissions.length,
    };
  };
  const all = tally(everyPermission);

  const columns: TableColumnType<MatrixRow>[] = [
    {
      key: 'area',
      title: 'Área',
      fixed: 'left',
      width: narrow ? 120 : 170,
      // Long area names wrap inside the column instead of widening it on a phone.
      render: (_value, row) => (
        <div style={{ width: narrow ? 104 : 154, overflowWrap: 'anywhere' }}>{row.label}</div>
      ),
    },
    {
      key: 'all',
      align: 'center',
      width: 70,
      title: (
        <Checkbox
          {...all}
          disabled={locked}
          aria-label="Marcar todas as permissões"
          onChange={(event) => set(everyPermission, event.target.checked)}
        >
          Todas
        </Checkbox>
      ),
      render: (_value, row) => (
        <Checkbox
          {...tally(rowPermissions(row))}
          disabled={locked}
          aria-label={`${row.label}: todas`}
          onChange={(event) => set(rowPermissions(row), event.target.checked)}
        />
      ),
    },
    ...matrixActions.map((action): TableColumnType<MatrixRow> => ({
      key: action,
      title: actionLabels[action],
      align: 'center',
      render: (_value, row) => {
        if (!row.actions.includes(action)) return null;
        const permission = permissionOf(row.area, action);
        return (
          <Checkbox
            checked={granted.has(permission)}
            disabled={locked}
            aria-label={`${row.label}: ${actionLabels[action]}`}
            data-permission={permission}
            onChange={(event) => set([permission], event.target.checked)}
          />
        );
      },
    })),
  ];

  return (
    <div data-testid="permissions-matrix">
      <Table<MatrixRow>
        rowKey="area"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={matrixRows}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
