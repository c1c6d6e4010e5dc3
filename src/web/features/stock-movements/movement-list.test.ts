import { describe, expect, it } from 'vitest';
import { readListParams, toApiQuery, writeListParams } from '../../components/list-params.js';
import { activeFilterCount, joinValues, movementList, splitValues } from './movement-list.js';

const read = (query: string) => readListParams(new URLSearchParams(query), movementList);

describe('the movement list in the URL', () => {
  it('opens newest first and keeps period, types, item, location and origins', () => {
    const params = read(
      'dateFrom=2026-03-01&dateTo=2026-03-31&type=IN,TRANSFER&itemId=7&locationId=2&originType=MANUAL&q=algodao',
    );
    expect(toApiQuery(params)).toEqual({
      page: 1,
      pageSize: 20,
      sort: '-date',
      q: 'algodao',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-31',
      type: 'IN,TRANSFER',
      itemId: '7',
      locationId: '2',
      originType: 'MANUAL',
    });
  });

  it('ignores what the API would refuse: a day that does not exist, an unknown type, a sort by item', () => {
    const params = read('dateFrom=2026-02-31&type=IN,GIFT&itemId=abc&sort=itemName');
    expect(params.filters).toEqual({});
    expect(params.sort).toBe('-date');
    expect(read('sort=date').sort).toBe('date');
  });

  it('leaves the default sort out of the URL and turns several types into one value', () => {
    const next = writeListParams(
      new URLSearchParams('sort=date'),
      { sort: '-date', type: joinValues(['OUT', 'ADJUSTMENT']) },
      movementList,
    );
    expect(next.toString()).toBe('type=OUT%2CADJUSTMENT');
    expect(splitValues('OUT,ADJUSTMENT')).toEqual(['OUT', 'ADJUSTMENT']);
    expect(joinValues([])).toBeNull();
  });

  it('counts the filters set, a period once', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ dateFrom: '2026-03-01', dateTo: '2026-03-31' })).toBe(1);
    expect(activeFilterCount({ dateTo: '2026-03-31', type: 'IN', locationId: '2' })).toBe(3);
  });
});
