import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorCode, errorMessages } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import { registerErrorHandler } from './error-handler.js';
import { BusinessRuleError } from './errors.js';
import { deleteUnlessInUse } from './in-use.js';

/** A foreign-key violation as a PostgreSQL server configured in German reports it. */
function germanForeignKeyViolation() {
  return Object.assign(
    new Error('Aktualisieren oder Löschen in Tabelle »x« verletzt Fremdschlüssel-Constraint'),
    {
      code: '23503',
      detail: 'Auf Schlüssel (id)=(1) wird noch aus Tabelle »x« verwiesen.',
      table: 'y',
      constraint: 'y_x_id_fkey',
    },
  );
}

/** The project's error handler on a small app whose routes throw what a service would. */
async function appThrowing(routes: Record<string, () => Promise<unknown>>) {
  const app = Fastify();
  registerErrorHandler(app);
  for (const [url, handler] of Object.entries(routes)) {
    app.delete(url, handler);
    app.post(url, handler);
  }
  await app.ready();
  return app;
}

describe('a referenced row’s delete', () => {
  it('answers 409 IN_USE whatever language the database writes its message in', async () => {
    const app = await appThrowing({
      '/rows/1': () => deleteUnlessInUse(() => Promise.reject(germanForeignKeyViolation())),
    });
    const answer = await app.inject({ method: 'DELETE', url: '/rows/1' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toMatchObject({
      code: ErrorCode.IN_USE,
      message: messages.errors.inUse,
    });
  });

  it('passes any other failure of the delete through unchanged', async () => {
    const other = Object.assign(new Error('deadlock'), { code: '40P01' });
    await expect(deleteUnlessInUse(() => Promise.reject(other))).rejects.toBe(other);
    await expect(deleteUnlessInUse(() => Promise.resolve(3))).resolves.toBe(3);
  });

  it('leaves an insert pointing at a missing row a 400, in any language', async () => {
    const app = await appThrowing({ '/rows': () => Promise.reject(germanForeignKeyViolation()) });
    const answer = await app.inject({ method: 'POST', url: '/rows' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe(messages.errors.missingReference);
  });
});

describe('business errors', () => {
  it('carry their code and the list the user needs in `details`', async () => {
    const shortages = [
      { item: 'Parafuso', location: 'Almoxarifado', available: '2', required: '5' },
      { item: 'Porca', location: 'Almoxarifado', available: '0', required: '1' },
    ];
    const app = await appThrowing({
      '/start': () =>
        Promise.reject(
          new BusinessRuleError({
            code: ErrorCode.INSUFFICIENT_STOCK,
            message: errorMessages.INSUFFICIENT_STOCK(shortages[0]!),
            details: shortages,
          }),
        ),
    });
    const answer = await app.inject({ method: 'POST', url: '/start' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error).toEqual({
      code: 'INSUFFICIENT_STOCK',
      message: 'Estoque insuficiente: Parafuso em Almoxarifado tem 2, necessário 5.',
      details: shortages,
      requestId: expect.any(String),
    });
  });

  it('keep the generic BUSINESS_RULE code and no details when given only a message', async () => {
    const app = await appThrowing({
      '/rule': () => Promise.reject(new BusinessRuleError('Regra', { name: 'Campo' })),
    });
    const { error } = (await app.inject({ method: 'POST', url: '/rule' })).json();
    expect(error).toEqual({
      code: ErrorCode.BUSINESS_RULE,
      message: 'Regra',
      fields: { name: 'Campo' },
      requestId: expect.any(String),
    });
  });

  it('word the catalogue’s messages as DOMAIN does', () => {
    expect(errorMessages.INVALID_STATUS('Recebida parcialmente')).toBe(
      'Ação não permitida na situação Recebida parcialmente.',
    );
    expect(errorMessages.CREDIT_LIMIT).toBe('Limite de crédito excedido');
    expect(errorMessages.STOCK_PERIOD_CLOSED('31/01/2026')).toBe(
      'Período de estoque fechado até 31/01/2026.',
    );
    expect(errorMessages.IN_USE).toBe('Registro em uso; inative-o em vez de excluir.');
  });
});
