import { describe, expect, it } from 'vitest';
import { anyOfFilter } from '../../shared/list-filters.js';
import { booleanFilter } from '../../shared/list-query.js';
import { clients } from '../../shared/resources/clients.js';
import { z } from '../../shared/zod-messages.js';
import {
  countSetFilters,
  readListParams,
  toApiQuery,
  writeListParams,
  type ListDefinition,
  type ListParams,
} from './list-params.js';

const read = (query: string, definition: ListDefinition = clients) =>
  readListParams(new URLSearchParams(query), definition);

/** A document list: several statuses at once, as the API's `anyOfFilter` takes them. */
const orders: ListDefinition = {
  defaultSort: '-number',
  columns: [
    { key: 'number', label: 'Número', sortable: true },
    { key: 'supplierName', label: 'Fornecedor', sortable: true },
    { key: 'notes', label: 'Observações' },
  ],
  filters: [
    {
      key: 'status',
      label: 'Situação',
      kind: 'enum',
      options: { OPEN: 'Aberta', PAID: 'Paga', CANCELLED: 'Cancelada' },
    },
    { key: 'active', label: 'Situação', kind: 'boolean' },
  ],
  filtersSchema: z.object({
    status: anyOfFilter(['OPEN', 'PAID', 'CANCELLED']),
    active: booleanFilter(),
  }),
};

describe('list parameters in the URL', () => {
  it('opens the plain list on its defaults', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 20, sort: 'name', q: '', filters: {} });
    expect(read('', orders).sort).toBe('-number');
  });

  it('reads back what it wrote, and writes defaults out of the URL', () => {
    const params: ListParams = {
      page: 3,
      pageSize: 50,
      sort: '-address.city',
      q: 'São José',
      filters: { active: 'true', personType: 'J', state: 'SC' },
    };
    const written = writeListParams(
      new URLSearchParams(),
      { page: 3, pageSize: 50, sort: '-address.city', q: 'São José', ...params.filters },
      clients,
    );
    expect(readListParams(written, clients)).toEqual(params);

    const plain = writeListParams(
      written,
      { page: 1, pageSize: 20, sort: 'name', q: '', active: null, personType: null, state: null },
      clients,
    );
    expect(plain.toString()).toBe('');
  });

  it('keeps keys it does not change, and replaces a repeated key with the new value', () => {
    const next = writeListParams(
      new URLSearchParams('status=OPEN&status=PAID&q=ana'),
      { status: 'CANCELLED' },
      orders,
    );
    expect(next.getAll('status')).toEqual(['CANCELLED']);
    expect(next.get('q')).toBe('ana');
  });

  it('ignores hand-edited page and page size that a list cannot show', () => {
    for (const page of ['abc', '0', '-2', '1.5', '', '1e400', '99999999999999999999']) {
      expect(read(`page=${page}`).page).toBe(1);
    }
    expect(read('page=7').page).toBe(7);
    for (const size of ['15', '1000', '0', 'x', '-20']) {
      expect(read(`pageSize=${size}`).pageSize).toBe(20);
    }
    expect(read('pageSize=100').pageSize).toBe(100);
  });

  it('sorts only by the default field or a sortable column', () => {
    expect(read('sort=-name').sort).toBe('-name');
    expect(read('sort=address.state').sort).toBe('address.state');
    expect(read('sort=phone').sort).toBe('name');
    expect(read('sort=password').sort).toBe('name');
    expect(read('sort=--name').sort).toBe('name');
    expect(read('sort=name;drop').sort).toBe('name');
    expect(read('sort=notes', orders).sort).toBe('-number');
    expect(read('sort=supplierName', orders).sort).toBe('supplierName');
  });

  it('drops a search longer than the API takes', () => {
    expect(read('q=ana').q).toBe('ana');
    expect(read(`q=${'a'.repeat(101)}`).q).toBe('');
  });

  it('keeps only filter values the API accepts, and only declared filters', () => {
    expect(read('active=maybe&personType=X&state=ZZ').filters).toEqual({});
    expect(read('active=false&personType=F&state=SP').filters).toEqual({
      active: 'false',
      personType: 'F',
      state: 'SP',
    });
    // `city` is a filter of the API, not of the screen; unknown keys stay out.
    expect(read('city=Joinville&password=x').filters).toEqual({});
    // One value only where the API takes one.
    expect(read('personType=F,J').filters).toEqual({});
  });

  it('reads several values of a filter, comma-separated or repeated', () => {
    expect(read('status=OPEN,PAID', orders).filters).toEqual({ status: 'OPEN,PAID' });
    expect(read('status=OPEN&status=PAID', orders).filters).toEqual({ status: 'OPEN,PAID' });
    expect(read('status=OPEN,,%20PAID,', orders).filters).toEqual({ status: 'OPEN,PAID' });
    expect(read('status=OPEN,LOST', orders).filters).toEqual({});
  });

  it('asks the API for what the URL holds', () => {
    expect(toApiQuery(read('status=OPEN&status=PAID&page=2', orders))).toEqual({
      page: 2,
      pageSize: 20,
      sort: '-number',
      status: 'OPEN,PAID',
    });
    expect(toApiQuery(read('q=ana&active=true'))).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'name',
      q: 'ana',
      active: 'true',
    });
  });
});

describe('countSetFilters', () => {
  it('counts each filter set, and a period once whichever of its ends is set', () => {
    const count = (filters: Record<string, string>) =>
      countSetFilters(filters, ['status', 'supplierId'], ['orderDate', 'dueDate']);
    expect(count({})).toBe(0);
    expect(count({ status: 'DRAFT', supplierId: '' })).toBe(1);
    expect(count({ orderDateFrom: '2026-03-01', orderDateTo: '2026-03-31' })).toBe(1);
    expect(count({ orderDateTo: '2026-03-31', dueDateFrom: '2026-04-01', supplierId: '4' })).toBe(
      3,
    );
    expect(count({ q: 'tecido', page: '2' })).toBe(0);
  });
});
