import { describe, expect, it } from 'vitest';
import { readListParams, toApiQuery } from '../../components/list-params.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { activeFilterCount, atParam, stockItemList } from './stock-item-list.js';

const read = (query: string) => readListParams(new URLSearchParams(query), stockItemList);

describe('the stock list in the URL', () => {
  it('keeps kind, location, category, below minimum, the day and the sort', () => {
    const params = read(
      'kind=FEEDSTOCK&locationId=2&categoryId=5&belowMinimum=true&at=2026-03-01&sort=-value&q=alg',
    );
    expect(toApiQuery(params)).toEqual({
      page: 1,
      pageSize: 20,
      sort: '-value',
      q: 'alg',
      kind: 'FEEDSTOCK',
      locationId: '2',
      categoryId: '5',
      belowMinimum: 'true',
      at: '2026-03-01',
    });
  });

  it('drops what the API would refuse or the screen cannot show: a future day, an unknown kind, "not below"', () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const params = read(`at=${tomorrow}&kind=SERVICE&belowMinimum=false&sort=locationName`);
    expect(params.filters).toEqual({});
    expect(params.sort).toBe('name');
    expect(read('at=2026-02-31').filters).toEqual({});
    expect(read(`at=${todayInSaoPaulo()}`).filters).toEqual({ at: todayInSaoPaulo() });
  });

  it('keeps today out of the URL and counts the filters set besides the day', () => {
    expect(atParam('2026-03-04', '2026-03-05')).toBe('2026-03-04');
    expect(atParam('2026-03-05', '2026-03-05')).toBeNull();
    expect(atParam(null, '2026-03-05')).toBeNull();
    expect(activeFilterCount({ at: '2026-03-01' })).toBe(0);
    expect(activeFilterCount({ kind: 'PRODUCT', belowMinimum: 'true', at: '2026-03-01' })).toBe(2);
  });
});
