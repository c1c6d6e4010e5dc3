import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Select, type SelectProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { allowClear } from './antd-config.js';
import { useDebouncedValue } from './use-debounced-value.js';
import { cityNameKey, isCityCodeOfUf, municipalityLabel } from '../../shared/br/municipalities.js';
import { ufs, type Uf } from '../../shared/br/states.js';
import type { Municipality } from '../../shared/resources/municipalities.js';
import { http } from '../lib/http.js';

type MunicipalitySelectProps = Omit<
  SelectProps<string>,
  'options' | 'showSearch' | 'value' | 'onChange' | 'loading'
> & {
  /** The form path of the address whose `state` and `city` the code follows: `['address']`. */
  addressPath: string[];
  value?: string | null;
  onChange?: (code: string | undefined) => void;
};

/** The UF's municipalities whose name (or code) matches `q`, as the picker and the fill read them. */
const municipalitiesQuery = (uf: Uf, q: string) => ({
  queryKey: ['municipalities', uf, q] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    http.get<{ items: Municipality[] }>('/municipalities', { query: { uf, q }, signal }),
  staleTime: Infinity, // reference data: it changes only with a migration
});

const isUf = (value: unknown): value is Uf => ufs.includes(value as Uf);

/**
 * An address's IBGE municipality (issue 18), picked among its UF's by name or code and shown as
 * "Campinas — 3509502". It follows the address: when the user types the city or changes the UF,
 * the one municipality of that UF with that name is filled in (so "Campinas"/"SP" never needs
 * the list), and a code that no longer fits (another UF, a city renamed to one with no single
 * match) is cleared. A row only loaded is left as it is, so opening a form changes nothing.
 * Picking a municipality writes its name into the city, so the two always agree.
 */
export function MunicipalitySelect({
  addressPath,
  value,
  onChange,
  disabled,
  ...rest
}: MunicipalitySelectProps) {
  const form = Form.useFormInstance();
  const queryClient = useQueryClient();
  const ufPath = [...addressPath, 'state'];
  const cityPath = [...addressPath, 'city'];
  const watchedUf: unknown = Form.useWatch(ufPath, form);
  const city: unknown = Form.useWatch(cityPath, form);
  const uf = isUf(watchedUf) ? watchedUf : undefined;
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const typedCity = useDebouncedValue(typeof city === 'string' ? city : '', 400);
  const current = value ?? undefined;

  const list = useQuery({
    ...municipalitiesQuery(uf ?? 'SP', q),
    enabled: uf !== undefined,
    placeholderData: keepPreviousData,
  });
  const listed = list.data?.items.some((m) => m.code === current) ?? false;
  // The chosen municipality's name when the first page of the list does not have it.
  const selected = useQuery({
    ...municipalitiesQuery(uf ?? 'SP', current ?? ''),
    enabled: uf !== undefined && current !== undefined && !listed,
  });

  useEffect(() => {
    const touched = form.isFieldsTouched([ufPath, cityPath]);
    if (!touched || disabled) return;
    if (!uf) {
      if (current) onChange?.(undefined);
      return;
    }
    if (current && !isCityCodeOfUf(current, uf)) onChange?.(undefined);
    const key = cityNameKey(typedCity);
    if (key === '') return;
    let live = true;
    void queryClient
      .fetchQuery(municipalitiesQuery(uf, typedCity.trim()))
      .then(({ items }) => {
        if (!live) return;
        const named = items.filter((m) => cityNameKey(m.name) === key);
        const code = named.length === 1 ? named[0]!.code : undefined;
        if (code !== form.getFieldValue([...addressPath, 'cityCode'])) onChange?.(code);
      })
      .catch(() => undefined); // the picker still offers the list; the toast said why
    return () => {
      live = false;
    };
    // Only a change of the UF or of the typed city refills the code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uf, typedCity]);

  const options = useMemo(() => {
    const rows = [...(list.data?.items ?? [])];
    const chosen = selected.data?.items.find((m) => m.code === current);
    if (chosen && !rows.some((m) => m.code === chosen.code)) rows.unshift(chosen);
    return rows.map((m) => ({ value: m.code, label: municipalityLabel(m), name: m.name }));
  }, [list.data, selected.data, current]);

  return (
    <Select<string>
      allowClear={allowClear}
      {...rest}
      disabled={disabled || uf === undefined || undefined}
      placeholder={uf ? 'Pesquise pelo nome' : 'Escolha a UF primeiro'}
      value={current}
      loading={list.isFetching}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      notFoundContent={list.isFetching ? 'Carregando…' : 'Nenhum município encontrado'}
      onChange={(code, option) => {
        setSearch('');
        const picked = Array.isArray(option) ? undefined : option;
        if (code && picked && 'name' in picked) form.setFieldValue(cityPath, picked.name);
        onChange?.(code ?? undefined);
      }}
    />
  );
}
