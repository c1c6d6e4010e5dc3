import { describe, expect, it } from 'vitest';
import { ErrorCode, errorMessages } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import { ApiError, NetworkError } from '../lib/api-error.js';
import { saveRefusalOf } from './save-refusal.js';

const apiError = (
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
) => new ApiError(status, { code, message, requestId: 'r1', ...(fields ? { fields } : {}) });

describe('saveRefusalOf (the one 409 policy of record forms)', () => {
  it('a stale version offers the reload, keeping what was typed', () => {
    const error = apiError(409, ErrorCode.STALE_VERSION, messages.errors.staleVersion);
    expect(saveRefusalOf(error)).toEqual({ kind: 'stale', message: messages.errors.staleVersion });
  });

  it('a document that moved on is said above the form, not as a reload', () => {
    const message = errorMessages.INVALID_STATUS('Aprovada');
    const error = apiError(409, ErrorCode.INVALID_STATUS, message);
    expect(saveRefusalOf(error)).toEqual({ kind: 'moved-on', message });
  });

  it('field errors (400, 422) go to the fields', () => {
    const invalid = apiError(400, ErrorCode.VALIDATION, 'Dados inválidos', {
      amount: 'Obrigatório',
    });
    expect(saveRefusalOf(invalid)).toEqual({ kind: 'fields' });
    const rule = apiError(422, ErrorCode.BUSINESS_RULE, 'A unidade não aceita casas decimais');
    expect(saveRefusalOf(rule)).toEqual({ kind: 'fields' });
  });

  it('another 409 is no reason to reload: its fields or its message, as any refusal', () => {
    const duplicate = apiError(409, ErrorCode.DUPLICATE, messages.errors.duplicate, { code: 'x' });
    expect(saveRefusalOf(duplicate)).toEqual({ kind: 'fields' });
    const conflict = apiError(409, ErrorCode.CONFLICT, 'Conflito');
    expect(saveRefusalOf(conflict)).toEqual({ kind: 'fields' });
  });

  it('a request without an answer was announced already', () => {
    expect(saveRefusalOf(new NetworkError('Sem conexão'))).toEqual({ kind: 'fields' });
  });
});
