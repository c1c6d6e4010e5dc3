import { Select } from 'antd';
import type { FilterSpec } from '../../shared/resource.js';
import { ReferenceSelect } from './reference-select.js';

const ALL = '';
const filterStyle = { minWidth: 160, maxWidth: '100%' } as const;

/**
 * One Select per filter of the definition: Todos/Ativos/Inativos for a yes/no filter, the labels
 * of an enum, or the active rows of a referenced resource. Values are the URL's strings.
 */
export function ResourceFilter({
  filter,
  value,
  onChange,
}: {
  filter: FilterSpec;
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  if (filter.kind === 'reference') {
    const id = value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
    return (
      <ReferenceSelect
        resource={filter.references}
        value={id}
        onChange={(next) => onChange(next === undefined ? null : String(next))}
        prefix={filter.label}
        placeholder="Todos"
        aria-label={filter.label}
        style={filterStyle}
        popupMatchSelectWidth={false}
      />
    );
  }
  const options =
    filter.kind === 'boolean'
      ? [
          { value: 'true', label: filter.trueLabel ?? 'Sim' },
          { value: 'false', label: filter.falseLabel ?? 'Não' },
        ]
      : Object.entries(filter.options).map(([key, label]) => ({ value: key, label }));
  return (
    <Select<string>
      value={value ?? ALL}
      onChange={(next) => onChange(next === ALL ? null : next)}
      options={[{ value: ALL, label: 'Todos' }, ...options]}
      prefix={filter.label}
      aria-label={filter.label}
      style={filterStyle}
      popupMatchSelectWidth={false}
      showSearch={options.length > 10 ? { optionFilterProp: 'label' } : false}
    />
  );
}
