import { queryOptions, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import type { Page } from '../../shared/api-error.js';
import { http } from '../lib/http.js';
import { resourceKeys } from '../lib/query-keys.js';
import { categoryOptions, categorySelectProps, type CategoryRow } from './category-options.js';

type Nature = CategoryRow['kind'];

/**
 * The categories of a nature (despesa, receita), active or not: a path shows its inactive parent's
 * name too. The chart of accounts is short: a few pages of 100 hold it. A user who may handle
 * bills but not read the categories gets an empty picker, with no toast and no trip to "Acesso
 * negado".
 */
export const categoriesQuery = (nature: Nature) =>
  queryOptions({
    queryKey: [...resourceKeys('financial-categories').lists(), 'picker', nature],
    queryFn: async ({ signal }) => {
      const rows: CategoryRow[] = [];
      for (let page = 1; page <= 5; page += 1) {
        const answer = await http.get<Page<CategoryRow>>('/financial-categories', {
          silent: true,
          redirectOnForbidden: false,
          signal,
          query: { kind: nature, sort: 'name', page, pageSize: 100 },
        });
        rows.push(...answer.items);
        if (rows.length >= answer.total || answer.items.length === 0) break;
      }
      return rows;
    },
    staleTime: 60_000,
  });

/**
 * The id of the active category of `nature` named `name`, case and accents aside: the one a new
 * purchase order's bills start with ("Matéria-prima"), where the company has it.
 */
export function useCategoryNamed(nature: Nature, name: string) {
  return useQuery({
    ...categoriesQuery(nature),
    select: (rows) =>
      rows.find(
        (row) => row.active && row.name.localeCompare(name, 'pt-BR', { sensitivity: 'base' }) === 0,
      )?.id,
  });
}

/**
 * Picks the category of a bill (or of the bills an order creates): the active analytic categories
 * of `nature` under their parents' headings, searched and ranked as every code-name picker
 * (category-options.ts).
 */
export function CategorySelect({
  nature,
  ...rest
}: Omit<SelectProps<number>, 'options' | 'loading'> & { nature: Nature }) {
  const categories = useQuery(categoriesQuery(nature));
  const options = useMemo(
    () => categoryOptions(categories.data ?? [], nature),
    [categories.data, nature],
  );
  return (
    <Select<number>
      {...categorySelectProps}
      placeholder="Selecione"
      {...rest}
      options={options}
      loading={categories.isFetching}
    />
  );
}
