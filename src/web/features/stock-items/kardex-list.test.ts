import { describe, expect, it } from 'vitest';
import { readListParams } from '../../components/list-params.js';
import { kardexList, kardexQuery } from './kardex-list.js';

describe('the kardex in the URL', () => {
  it('keeps location, period and page, and sends neither sort nor search', () => {
    const params = readListParams(
      new URLSearchParams('locationId=3&from=2026-03-01&to=2026-03-31&page=2&q=x&sort=-date'),
      kardexList,
    );
    expect(kardexQuery(params)).toEqual({
      page: 2,
      pageSize: 20,
      locationId: '3',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    const odd = readListParams(new URLSearchParams('locationId=abc&from=2026-02-30'), kardexList);
    expect(kardexQuery(odd)).toEqual({ page: 1, pageSize: 20 });
  });
});
