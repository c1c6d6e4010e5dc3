import { afterEach, beforeAll, expect } from 'vitest';
import type { TestApi } from '../../../testing/api-app.js';
import {
  invoiceFixture,
  readyCompany,
  saleInput,
  type InvoiceFixture,
} from './invoice-fixtures.js';

/**
 * The scene of a test file that issues against the SEFAZ double: the company made ready to issue
 * and the invoice fixture once per file (`scene.fx`, set before the first test), the double's
 * script and time-out put back after each test, `send` (a request as the administrator unless
 * another user's token is given) and `authorisedSale`.
 */
export function useSefazScene(api: TestApi) {
  const send = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    token?: string,
  ) =>
    api.request({
      method,
      url,
      token: token ?? (await api.adminToken()),
      payload: payload as never,
    });

  const scene = {
    fx: undefined as unknown as InvoiceFixture,
    send,
    /** A sale of the fixture drafted and issued, which the double authorises. */
    async authorisedSale() {
      const created = await send('POST', '/api/v1/invoices', saleInput(scene.fx));
      expect(created.statusCode, created.body).toBe(201);
      const issued = await send('POST', `/api/v1/invoices/${created.json().id}/issue`, {});
      expect(issued.json().sefazStatus, issued.body).toBe('AUTHORIZED');
      return issued.json() as { id: number; accessKey: string; number: number };
    },
  };

  beforeAll(async () => {
    await readyCompany(api);
    scene.fx = await invoiceFixture(api);
  });
  afterEach(() => {
    api.sefaz.reset();
    api.sefazSettings.timeoutSeconds = 10;
  });
  return scene;
}
