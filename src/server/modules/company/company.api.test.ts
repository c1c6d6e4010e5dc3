import { describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';

const api = useTestApi();

const valid = {
  legalName: 'Malharia Boa Vista Ltda.',
  tradeName: 'Boa Vista',
  cnpj: '12.ABC.345/01DE-35',
  stateRegistration: '123456789',
  address: {
    zipCode: '01310-100',
    street: 'Avenida Paulista',
    number: '1000',
    complement: '',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'sp',
  },
  phones: ['(11) 3456-7890', '(11) 98765-4321', ''],
  email: 'Contato@BoaVista.com.br',
  openingHours: 'Segunda a sexta, 8h às 18h',
  stateCode: '35',
};

describe('company settings', () => {
  it('starts with placeholders and the default opening hours', async () => {
    const response = await api.request({
      method: 'GET',
      url: '/api/v1/company',
      token: await api.adminToken(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      legalName: 'Minha Empresa Ltda.',
      openingHours: 'Segunda a sexta, 8:30 às 18:30 · Sábado, 8:30 às 12:30',
      version: 1,
    });
  });

  it('saves normalised values, bumps the version and writes the history', async () => {
    const token = await api.adminToken();
    const { version } = (
      await api.request({ method: 'GET', url: '/api/v1/company', token })
    ).json();
    const response = await api.request({
      method: 'PUT',
      url: '/api/v1/company',
      token,
      payload: { ...valid, version },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      cnpj: '12ABC34501DE35',
      email: 'contato@boavista.com.br',
      address: { zipCode: '01310100', state: 'SP', complement: null },
      phones: ['1134567890', '11987654321', null],
      version: version + 1,
    });
    const history = await api.request({
      method: 'GET',
      url: '/api/v1/audit?entity=company&entityId=1',
      token,
    });
    expect(history.statusCode).toBe(200);
    const [entry] = history.json().items;
    expect(entry).toMatchObject({ action: 'update', userName: 'Administrador', entity: 'company' });
    expect(entry.changes.legalName).toEqual({ from: 'Minha Empresa Ltda.', to: valid.legalName });
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const token = await api.adminToken();
    const current = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    const stale = await api.request({
      method: 'PUT',
      url: '/api/v1/company',
      token,
      payload: { ...valid, legalName: 'Outra', version: current.version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'Este registro foi alterado por outro usuário. Recarregue e tente novamente.',
    );
    const after = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    expect(after).toEqual(current);
  });

  it('rejects invalid input with a pt-BR message per field', async () => {
    const token = await api.adminToken();
    const { version } = (
      await api.request({ method: 'GET', url: '/api/v1/company', token })
    ).json();
    const response = await api.request({
      method: 'PUT',
      url: '/api/v1/company',
      token,
      payload: {
        ...valid,
        legalName: '   ',
        cnpj: '11.111.111/1111-11',
        email: 'x@',
        address: { ...valid.address, zipCode: '123', state: 'XX' },
        phones: ['123', '', ''],
        version,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      legalName: 'Preenchimento obrigatório',
      cnpj: 'CNPJ inválido',
      email: 'Email inválido',
      'address.zipCode': 'CEP inválido',
      'address.state': 'UF inválida',
      'phones.0': 'Telefone inválido',
    });
  });

  it('needs company:write to change and company:read to see', async () => {
    const admin = await api.adminToken();
    const role = await api.request({
      method: 'POST',
      url: '/api/v1/roles',
      token: admin,
      payload: { name: 'Leitor', permissions: ['company:read'] },
    });
    await api.request({
      method: 'POST',
      url: '/api/v1/users',
      token: admin,
      payload: {
        name: 'Leitor',
        email: 'leitor@fabril.test',
        roleId: role.json().id,
        password: 'senha-segura-1',
      },
    });
    const token = await api.login('leitor@fabril.test', 'senha-segura-1');
    const read = await api.request({ method: 'GET', url: '/api/v1/company', token });
    expect(read.statusCode).toBe(200);
    const write = await api.request({
      method: 'PUT',
      url: '/api/v1/company',
      token,
      payload: { ...valid, version: read.json().version },
    });
    expect(write.statusCode).toBe(403);
    const history = await api.request({
      method: 'GET',
      url: '/api/v1/audit?entity=company&entityId=1',
      token,
    });
    expect(history.statusCode).toBe(403);
  });
});

describe('Estoque fechado até', () => {
  const today = todayInSaoPaulo();

  /** The company as the form sends it back, with only "Estoque fechado até" changed. */
  async function close(token: string, stockClosedThrough: string | null) {
    const current = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    return api.request({
      method: 'PUT',
      url: '/api/v1/company',
      token,
      payload: { ...current, stockClosedThrough },
    });
  }

  it('saves the day, reads it back and writes it in the history; empty opens it again', async () => {
    const token = await api.adminToken();
    const day = addDays(today, -3);
    const saved = await close(token, day);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().stockClosedThrough).toBe(day);
    const read = await api.request({ method: 'GET', url: '/api/v1/company', token });
    expect(read.json().stockClosedThrough).toBe(day);

    const history = await api.request({
      method: 'GET',
      url: '/api/v1/audit?entity=company&entityId=1',
      token,
    });
    const [entry] = history.json().items;
    expect(entry.changes).toEqual({ stockClosedThrough: { from: null, to: day } });

    const opened = await close(token, '');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().stockClosedThrough).toBeNull();
  });

  it('takes today, and refuses tomorrow and a day that does not exist with 400', async () => {
    const token = await api.adminToken();
    expect((await close(token, today)).json().stockClosedThrough).toBe(today);
    const tomorrow = await close(token, addDays(today, 1));
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().error.fields).toEqual({
      stockClosedThrough: 'A data não pode ser posterior a hoje.',
    });
    const impossible = await close(token, '2025-02-30');
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().error.fields).toEqual({
      stockClosedThrough: 'Data inexistente: 30/02/2025',
    });
    const after = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    expect(after.stockClosedThrough).toBe(today);
  });

  it('answers 403 to a user who may read the company but not change it', async () => {
    const admin = await api.adminToken();
    const before = (await close(admin, null)).json();
    const { token } = await userWith(api, ['company:read']);
    const refused = await close(token, addDays(today, -1));
    expect(refused.statusCode).toBe(403);
    const after = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    expect(after).toEqual(before);
  });
});

describe('Tolerância de produção a maior', () => {
  async function setTolerance(token: string, productionTolerancePercent: unknown) {
    const current = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    return api.request({
      method: 'PUT',
      url: '/api/v1/company',
      token,
      payload: { ...current, productionTolerancePercent },
    });
  }

  it('starts at 10 %, saves a percentage typed the Brazilian way and writes it in the history', async () => {
    const token = await api.adminToken();
    const read = await api.request({ method: 'GET', url: '/api/v1/company', token });
    expect(read.json().productionTolerancePercent).toBe('10.00');
    const saved = await setTolerance(token, '12,5');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().productionTolerancePercent).toBe('12.50');
    const history = await api.request({
      method: 'GET',
      url: '/api/v1/audit?entity=company&entityId=1',
      token,
    });
    expect(history.json().items[0].changes).toEqual({
      productionTolerancePercent: { from: '10.00', to: '12.50' },
    });
    expect((await setTolerance(token, '0')).json().productionTolerancePercent).toBe('0.00');
  });

  it('refuses an empty one, one below zero and one above 100 % with 400, keeping the saved one', async () => {
    const token = await api.adminToken();
    expect((await setTolerance(token, '10')).statusCode).toBe(200);
    for (const [value, message] of [
      ['', messages.required],
      ['-1', messages.mustNotBeNegative],
      ['100,01', messages.outOfRange],
      ['muito', messages.notANumber],
    ] as const) {
      const refused = await setTolerance(token, value);
      expect(refused.statusCode, value).toBe(400);
      expect(refused.json().error.fields).toEqual({ productionTolerancePercent: message });
    }
    const after = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    expect(after.productionTolerancePercent).toBe('10.00');
  });
});

describe('Chave PIX', () => {
  /** The company as the form sends it back, with only the PIX key changed. */
  async function setPixKey(token: string, pixKey: string | null) {
    const current = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    return api.request({
      method: 'PUT',
      url: '/api/v1/company',
      token,
      payload: { ...current, pixKey },
    });
  }

  it('saves each kind of key as the DICT stores it and reads it back; empty clears it', async () => {
    const token = await api.adminToken();
    for (const [typed, stored] of [
      ['12.ABC.345/01DE-35', '12ABC34501DE35'],
      ['123.456.789-09', '12345678909'],
      ['Financeiro@BoaVista.com.br', 'financeiro@boavista.com.br'],
      ['+55 (11) 98765-4321', '+5511987654321'],
      ['123E4567-E12B-12D1-A456-426655440000', '123e4567-e12b-12d1-a456-426655440000'],
    ] as const) {
      const saved = await setPixKey(token, typed);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().pixKey).toBe(stored);
      const read = await api.request({ method: 'GET', url: '/api/v1/company', token });
      expect(read.json().pixKey).toBe(stored);
    }
    const cleared = await setPixKey(token, '');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().pixKey).toBeNull();
  });

  it('refuses a key that is none of the PIX kinds with 400 and keeps the one saved', async () => {
    const token = await api.adminToken();
    await setPixKey(token, '123.456.789-09');
    for (const pixKey of ['123.456.789-00', '11987654321', 'financeiro@', 'chave']) {
      const refused = await setPixKey(token, pixKey);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ pixKey: 'Chave PIX inválida' });
    }
    const after = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    expect(after.pixKey).toBe('12345678909');
  });
});

describe('GET /company/public', () => {
  it("answers the footer's facts and the tax regime, and nothing else, to a user without any permission", async () => {
    const admin = await api.adminToken();
    const current = await api.request({ method: 'GET', url: '/api/v1/company', token: admin });
    await api.request({
      method: 'PUT',
      url: '/api/v1/company',
      token: admin,
      payload: { ...valid, version: current.json().version },
    });
    const { token } = await userWith(api, []);
    expect((await api.request({ method: 'GET', url: '/api/v1/company', token })).statusCode).toBe(
      403,
    );
    const response = await api.request({ method: 'GET', url: '/api/v1/company/public', token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      legalName: 'Malharia Boa Vista Ltda.',
      tradeName: 'Boa Vista',
      address: {
        zipCode: '01310100',
        street: 'Avenida Paulista',
        number: '1000',
        complement: null,
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        cityCode: '3550308',
      },
      phones: ['1134567890', '11987654321', null],
      openingHours: 'Segunda a sexta, 8h às 18h',
      taxRegime: 1,
    });
  });

  it('answers 401 to anonymous requests', async () => {
    const response = await api.request({ method: 'GET', url: '/api/v1/company/public' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });
});
