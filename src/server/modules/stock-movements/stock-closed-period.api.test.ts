import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import { useTestApi } from '../../testing/api-app.js';
import { starterUnit } from '../../testing/starter-units.js';
import { closeStockThrough as closeStockThroughApi } from '../company/testing/stock-closed-through.js';
import { insertItem, insertLocation } from './testing/stock-scene.js';

const api = useTestApi();
const today = todayInSaoPaulo();
const ids = { item: 0, location: 0 };
let token = '';

beforeAll(async () => {
  token = await api.adminToken();
  const unitId = await starterUnit(api.db, 'UN', 0);
  ids.location = await insertLocation(api.db, 'Almoxarifado');
  ids.item = await insertItem(api.db, { kind: 'FEEDSTOCK', code: 'LIN-01', name: 'Linha', unitId });
});

const closeStockThrough = (day: string | null) => closeStockThroughApi(api, token, day);

const outflow = (date: string) =>
  api.request({
    method: 'POST',
    url: '/api/v1/stock-movements',
    token,
    payload: { type: 'OUT', itemId: ids.item, fromLocationId: ids.location, quantity: '1', date },
  });

describe('Estoque fechado até, set on the company', () => {
  it('refuses a movement on the closed day with DOMAIN’s message and takes the day after', async () => {
    const entry = await api.request({
      method: 'POST',
      url: '/api/v1/stock-movements',
      token,
      payload: {
        type: 'IN',
        itemId: ids.item,
        toLocationId: ids.location,
        quantity: '5',
        date: addDays(today, -10),
      },
    });
    expect(entry.statusCode, entry.body).toBe(201);

    const closed = addDays(today, -5);
    await closeStockThrough(closed);
    const shown = closed.split('-').reverse().join('/');
    const refused = await outflow(closed);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'STOCK_PERIOD_CLOSED',
      message: `Período de estoque fechado até ${shown}.`,
      fields: { date: `Período de estoque fechado até ${shown}.` },
    });
    const earlier = await outflow(addDays(today, -8));
    expect(earlier.statusCode).toBe(422);

    const dayAfter = await outflow(addDays(closed, 1));
    expect(dayAfter.statusCode, dayAfter.body).toBe(201);

    // Emptying the setting opens the period again.
    await closeStockThrough(null);
    const reopened = await outflow(closed);
    expect(reopened.statusCode, reopened.body).toBe(201);
  });
});
