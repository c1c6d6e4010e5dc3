import { describe, expect, it } from 'vitest';
import { readListParams } from '../../components/list-params.js';
import { activeFilterCount, billList } from './bill-list.js';

describe('the bills list in the URL', () => {
  it('reads Vencida with the stored statuses, periods and the kind’s partner', () => {
    const search = new URLSearchParams(
      'status=OPEN,OVERDUE&dueDateFrom=2026-01-01&supplierId=3&clientId=4&sort=-amount',
    );
    const pay = readListParams(search, billList('PAY'));
    expect(pay.filters).toEqual({
      status: 'OPEN,OVERDUE',
      dueDateFrom: '2026-01-01',
      supplierId: '3',
    });
    expect(pay.sort).toBe('-amount');
    const receive = readListParams(search, billList('RECEIVE'));
    expect(receive.filters).toMatchObject({ clientId: '4' });
    expect(receive.filters).not.toHaveProperty('supplierId');
  });

  it('drops what the API would refuse and sorts by due date otherwise', () => {
    const search = new URLSearchParams('status=LATE&dueDateTo=31/01/2026&sort=partner');
    const params = readListParams(search, billList('PAY'));
    expect(params.filters).toEqual({});
    expect(params.sort).toBe('dueDate');
  });

  it('counts a period once: "Filtros (3)"', () => {
    expect(
      activeFilterCount('PAY', {
        status: 'OVERDUE',
        dueDateFrom: '2026-01-01',
        dueDateTo: '2026-01-31',
        supplierId: '3',
        clientId: '9',
      }),
    ).toBe(3);
  });
});
