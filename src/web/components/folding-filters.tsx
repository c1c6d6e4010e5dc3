import { FilterOutlined } from '@ant-design/icons';
import { Button, Flex, Select, type SelectProps } from 'antd';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { joinValues, splitValues } from './list-params.js';

/** A filter control's width: the whole row on a small screen, else sized to its content. */
export const filterStyle = (small: boolean): CSSProperties =>
  small ? { width: '100%' } : { minWidth: 180, maxWidth: '100%' };

/**
 * A list's search and filters. From 768 px they stand in one wrapping row. Below it the filters
 * fold under a "Filtros" button beside the search that counts those set, so the list starts near
 * the top instead of under a column of filters; `pinned` stays in sight between the two.
 */
export function FoldingFilters({
  small,
  search,
  count,
  pinned,
  children,
}: {
  small: boolean;
  search: ReactNode;
  /** How many filters are set. */
  count: number;
  pinned?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);

  if (!small) {
    return (
      <Flex gap={8} wrap align="center">
        {search}
        {pinned}
        {children}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        {search}
        <Button
          icon={<FilterOutlined aria-hidden />}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          type={count > 0 ? 'primary' : 'default'}
          ghost={count > 0}
        >
          {count > 0 ? `Filtros (${count})` : 'Filtros'}
        </Button>
      </Flex>
      {pinned}
      {open && (
        <Flex vertical gap={8} align="stretch">
          {children}
        </Flex>
      )}
    </Flex>
  );
}

/**
 * A filter of any of several values (Situação, Tipo, Origem): a multiple Select over the URL's
 * comma-joined value ("DRAFT,APPROVED"), null when none is picked.
 */
export function AnyOfFilter({
  label,
  placeholder,
  value,
  onChange,
  options,
  style,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
  options: SelectProps<string[]>['options'];
  style: CSSProperties;
}) {
  return (
    <Select<string[]>
      mode="multiple"
      value={splitValues(value)}
      onChange={(values) => onChange(joinValues(values))}
      options={options}
      prefix={label}
      placeholder={placeholder}
      aria-label={label}
      maxTagCount="responsive"
      showSearch={false}
      style={style}
      popupMatchSelectWidth={false}
    />
  );
}
