import { describe, expect, it } from 'vitest';
import { ErrorCode, type StockShortage } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import { apiErrorFrom } from './api-error.js';

const shortages: StockShortage[] = [
  { item: 'Tecido brim', location: 'Almoxarifado', available: '2.000', required: '5.000' },
  { item: 'Botão 12 mm', location: 'Almoxarifado', available: '0.000', required: '40.000' },
];

describe('the API error of an answer', () => {
  it('carries the code, message, fields, details and request id of the body', () => {
    const error = apiErrorFrom(
      422,
      {
        error: {
          code: ErrorCode.INSUFFICIENT_STOCK,
          message: 'Estoque insuficiente.',
          fields: { 'items.0.quantity': 'Quantidade acima do saldo' },
          details: shortages,
          requestId: 'req-1',
        },
      },
      'header-id',
    );
    expect(error).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_STOCK',
      message: 'Estoque insuficiente.',
      fields: { 'items.0.quantity': 'Quantidade acima do saldo' },
      details: shortages,
      requestId: 'req-1',
    });
  });

  it('types the details of a code that carries a list', () => {
    const error = apiErrorFrom(
      422,
      { error: { code: 'INSUFFICIENT_STOCK', message: 'x', details: shortages, requestId: 'r' } },
      null,
    );
    expect(error.is(ErrorCode.CREDIT_LIMIT)).toBe(false);
    if (!error.is(ErrorCode.INSUFFICIENT_STOCK)) throw new Error('expected INSUFFICIENT_STOCK');
    expect(error.details.map((short) => `${short.item}: ${short.required}`)).toEqual([
      'Tecido brim: 5.000',
      'Botão 12 mm: 40.000',
    ]);
  });

  it('has no fields and no details when the body has none', () => {
    const error = apiErrorFrom(
      409,
      { error: { code: 'IN_USE', message: messages.errors.inUse, requestId: 'r' } },
      null,
    );
    expect(error.fields).toEqual({});
    expect(error.details).toEqual([]);
    expect(error.is(ErrorCode.IN_USE)).toBe(true);
  });

  it('keeps a framework code of the catalogue, and reads an unknown code as the status’s', () => {
    const csrf = apiErrorFrom(403, { error: { code: 'CSRF', message: 'm', requestId: 'r' } }, null);
    expect(csrf.code).toBe(ErrorCode.CSRF);
    const unknown = apiErrorFrom(
      403,
      { error: { code: 'SOMETHING_ELSE', message: 'm', requestId: 'r' } },
      null,
    );
    expect(unknown.code).toBe(ErrorCode.FORBIDDEN);
    expect(unknown.message).toBe('m');
  });

  it('drops malformed fields and details instead of failing on them', () => {
    const error = apiErrorFrom(
      400,
      {
        error: {
          code: 42,
          message: 'Dados inválidos',
          fields: { name: 'Preenchimento obrigatório', age: 3 },
          details: [{ item: 'A' }, 'B', null],
        },
      },
      'header-id',
    );
    expect(error.code).toBe(ErrorCode.VALIDATION);
    expect(error.fields).toEqual({ name: 'Preenchimento obrigatório' });
    expect(error.details).toEqual([{ item: 'A' }]);
    expect(error.requestId).toBe('header-id');
  });

  it('says the status’s generic message when the answer is not the API’s body', () => {
    expect(apiErrorFrom(404, undefined, 'abc')).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      message: messages.errors.notFound,
      requestId: 'abc',
      fields: {},
      details: [],
    });
    expect(apiErrorFrom(502, '<html>Bad Gateway</html>', null)).toMatchObject({
      code: ErrorCode.INTERNAL,
      message: messages.errors.internal,
      requestId: '',
    });
    expect(apiErrorFrom(409, { error: { code: 'X' } }, null).message).toBe(
      messages.errors.staleVersion,
    );
  });
});
