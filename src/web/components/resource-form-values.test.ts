import { describe, expect, it } from 'vitest';
import { checkingAccounts } from '../../shared/resources/checking-accounts.js';
import { clients } from '../../shared/resources/clients.js';
import { feedstocks } from '../../shared/resources/feedstocks.js';
import { outlays } from '../../shared/resources/outlays.js';
import { sizes } from '../../shared/resources/sizes.js';
import { users } from '../../shared/resources/users.js';
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
    expect(fieldMessage(outlays, values, 'defaultValue')).toBe('No máximo 2 casas decimais');
    expect(fieldMessage(outlays, { ...values, defaultValue: '1a2' }, 'defaultValue')).toBe(
      'Valor deve ser um número',
    );
    expect(
      outlays.schema.parse(toApiInput(outlays, { ...values, defaultValue: '150' })),
    ).toMatchObject({ defaultValue: '150.00' });
  });

  it('names a date typed that does not exist, not that it is missing', () => {
    const values = {
      name: 'Conta',
      bankCode: '001',
      openingBalance: '0,00',
      openingDate: typedDate('31/02/2026'),
      active: true,
    };
    expect(fieldMessage(checkingAccounts, values, 'openingDate')).toBe(
      'Data inexistente: 31/02/2026',
    );
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

  it('shows a stored client as typed on screen and saves it back as stored', () => {
    const row = {
      id: 7,
      version: 3,
      personType: 'J',
      document: '11444777000161',
      name: 'Malharia Aurora Ltda',
      tradeName: null,
      stateRegistration: 'ISENTO',
      email: null,
      phone: '1133334444',
      mobile: '11987654321',
      address: { zipCode: '01310100', city: 'São Paulo', state: 'SP' },
      notes: null,
      creditLimit: '1500.5',
      active: false,
    };
    const values = toFormValues(clients, row);
    expect(values).toMatchObject({
      personType: 'J',
      document: '11.444.777/0001-61',
      tradeName: '',
      phone: '(11) 3333-4444',
      mobile: '(11) 98765-4321',
      address: { zipCode: '01310-100', city: 'São Paulo', street: '', state: 'SP' },
      creditLimit: '1.500,50',
      active: false,
    });
    expect(values).not.toHaveProperty('id');
    expect(values).not.toHaveProperty('version');
    expect(clients.schema.parse(toApiInput(clients, values))).toMatchObject({
      document: '11444777000161',
      phone: '1133334444',
      mobile: '11987654321',
      address: { zipCode: '01310100', city: 'São Paulo', state: 'SP' },
      creditLimit: '1500.50',
      active: false,
    });
  });

  it('leaves a new client’s selects empty, so they show their placeholder', () => {
    const values = toFormValues(clients, schemaDefaults(clients.schema));
    expect(values.personType).toBeUndefined();
    expect((values.address as Record<string, unknown>).state).toBeUndefined();
    expect(values.active).toBe(true);
  });

  it('never shows a password, and sends neither its confirmation nor read-only fields', () => {
    const values = toFormValues(users, {
      name: 'Ana',
      email: 'ana@exemplo.com.br',
      roleId: 2,
      password: 'stored-hash',
      active: true,
      lastLoginAt: '2026-11-20T12:00:00Z',
    });
    expect(values).toEqual({
      name: 'Ana',
      email: 'ana@exemplo.com.br',
      roleId: 2,
      password: '',
      passwordConfirmation: '',
      active: true,
    });
    expect(toApiInput(users, { ...values, passwordConfirmation: 'x' })).toEqual({
      name: 'Ana',
      email: 'ana@exemplo.com.br',
      roleId: 2,
      password: '',
      active: true,
    });
  });

  it('shows a quantity in 3 places and saves what was typed the Brazilian way', () => {
    expect(toFormValues(feedstocks, { minimumStock: '1234.500' }).minimumStock).toBe('1.234,500');
    expect(toFormValues(feedstocks, { minimumStock: null }).minimumStock).toBe('');
    const input = (minimumStock: string) => toApiInput(feedstocks, { minimumStock }).minimumStock;
    expect(input('1.234,5')).toBe('1234.5');
    expect(input('12,5')).toBe('12.5');
    // Dots alone group thousands, as in money.
    expect(input('1.234')).toBe('1234');
    expect(input('')).toBeUndefined();
    expect(input('muito')).toBe('muito');
  });

  it('shows a unit cost with its places and a percentage with 2, and saves them back', () => {
    const definition: ResourceDefinition = {
      ...sizes,
      fields: [
        { key: 'price', label: 'Preço', kind: 'unitCost' },
        { key: 'discount', label: 'Desconto', kind: 'percent' },
      ],
    };
    expect(toFormValues(definition, { price: '12.3456', discount: '10.50' })).toEqual({
      price: '12,3456',
      discount: '10,50',
    });
    expect(toFormValues(definition, { price: '4.0000', discount: null })).toEqual({
      price: '4,00',
      discount: '',
    });
    expect(toApiInput(definition, { price: '1.234,5678', discount: '2,5' })).toEqual({
      price: '1234.5678',
      discount: '2.5',
    });
  });
});
