import { describe, expect, it } from 'vitest';
import { checkingAccounts } from '../../shared/resources/checking-accounts.js';
import { outlays } from '../../shared/resources/outlays.js';
import { sizes } from '../../shared/resources/sizes.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { schemaDefaults, toApiInput, toFormValues } from './resource-form-values.js';
import { typedDate } from './typed-date.js';

/** The message the shared schema gives a field of the form's values, as the form shows it. */
function fieldMessage(
  definition: ResourceDefinition,
  values: Record<string, unknown>,
  key: string,
) {
  const result = definition.schema.safeParse(toApiInput(definition, values));
  return result.success ? null : result.error.issues.find((i) => i.path[0] === key)?.message;
}

describe('resource form values', () => {
  it('shows a whole number as the text of its field', () => {
    expect(toFormValues(sizes, { name: 'M', sortOrder: 12, active: true }).sortOrder).toBe('12');
    expect(toFormValues(sizes, schemaDefaults(sizes.schema)).sortOrder).toBe('0');
    expect(toFormValues(sizes, { name: 'M', sortOrder: null }).sortOrder).toBe('');
  });

  it('hands what was typed in a number field to the schema as typed', () => {
    const values = { name: 'XGG', sortOrder: '1a2', active: true };
    expect(toApiInput(sizes, values).sortOrder).toBe('1a2');
    expect(fieldMessage(sizes, values, 'sortOrder')).toBe('Valor deve ser um número');
    expect(fieldMessage(sizes, { ...values, sortOrder: 'abc' }, 'sortOrder')).toBe(
      'Valor deve ser um número',
    );
    expect(sizes.schema.parse(toApiInput(sizes, { ...values, sortOrder: '12' }))).toMatchObject({
      sortOrder: 12,
    });
    // Left empty, the size goes first.
    expect(sizes.schema.parse(toApiInput(sizes, { ...values, sortOrder: '' }))).toMatchObject({
      sortOrder: 0,
    });
  });

  it('never saves money typed after a pre-filled 0,00 as zero', () => {
    const values = { name: 'Embalagem', kind: 'PER_UNIT', defaultValue: '0,00150', active: true };
    expect(toApiInput(outlays, values).defaultValue).not.toBe('0.00');
    expect(fieldMessage(outlays, values, 'defaultValue')).toBe('Valor está fora do intervalo');
    expect(fieldMessage(outlays, { ...values, defaultValue: '1a2' }, 'defaultValue')).toBe(
      'Valor deve ser um número',
    );
    expect(
      outlays.schema.parse(toApiInput(outlays, { ...values, defaultValue: '150' })),
    ).toMatchObject({ defaultValue: '150.00' });
  });

  it('says Valor inválido for a date typed that does not exist, not that it is missing', () => {
    const values = {
      name: 'Conta',
      bankCode: '001',
      openingBalance: '0,00',
      openingDate: typedDate('31/02/2026'),
      active: true,
    };
    expect(fieldMessage(checkingAccounts, values, 'openingDate')).toBe('Valor inválido');
    expect(
      fieldMessage(
        checkingAccounts,
        { ...values, openingDate: typedDate('amanhã') },
        'openingDate',
      ),
    ).toBe('Valor não corresponde ao padrão');
    expect(
      fieldMessage(checkingAccounts, { ...values, openingDate: typedDate('') }, 'openingDate'),
    ).toBe('Preenchimento obrigatório');
    expect(
      checkingAccounts.schema.parse(
        toApiInput(checkingAccounts, { ...values, openingDate: typedDate('15/01/2026') }),
      ),
    ).toMatchObject({ openingDate: '2026-01-15' });
  });
});
