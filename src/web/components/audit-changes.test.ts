import { describe, expect, it } from 'vitest';
import type { AuditLine } from '../../shared/api-error.js';
import type { FieldSpec, ResourceDefinition } from '../../shared/resource.js';
import { brands } from '../../shared/resources/brands.js';
import { clients } from '../../shared/resources/clients.js';
import { feedstocks } from '../../shared/resources/feedstocks.js';
import { roles } from '../../shared/resources/roles.js';
import { users } from '../../shared/resources/users.js';
import { auditActionLabel, changeLines } from './audit-changes.js';

/** A document's definition as the history reads it: header fields and its lines' fields. */
const orderFields: FieldSpec[] = [
  { key: 'notes', label: 'Observações', kind: 'textarea' },
  { key: 'items', label: 'Item', kind: 'text' },
  { key: 'items.itemId', label: 'Produto', kind: 'reference', references: 'products' },
  { key: 'items.quantity', label: 'Quantidade', kind: 'integer' },
  { key: 'items.unitPrice', label: 'Preço unitário', kind: 'money' },
];
const order: ResourceDefinition = { ...brands, path: 'purchase-orders', fields: orderFields };

const linesChange = (from: AuditLine[], to: AuditLine[]) => ({ items: { from, to } });

/** A line change as one sentence, the way the drawer writes it. */
function sentence(definition: ResourceDefinition, changes: Parameters<typeof changeLines>[1]) {
  return changeLines(definition, changes).map(({ label, line }) => {
    const fields = line!.fields.map((field) => {
      const shown = (side: 'from' | 'to') =>
        field.references ? `#${side === 'from' ? field.fromId : field.toId}` : field[side];
      if (line!.change === 'changed') return `${field.label} ${shown('from')} → ${shown('to')}`;
      return `${field.label} ${shown(line!.change === 'added' ? 'to' : 'from')}`;
    });
    return fields.length ? `${label}: ${fields.join(', ')}` : label;
  });
}

describe('changeLines: a document’s lines', () => {
  it('says which line was added, with its fields as the screens show them', () => {
    const lines = changeLines(
      order,
      linesChange([], [{ id: 12, position: 2, itemId: 7, quantity: '3', unitPrice: '1.5' }]),
    );
    expect(lines).toEqual([
      {
        key: 'items#12',
        label: 'Item 2 incluído',
        from: '—',
        to: '—',
        line: {
          change: 'added',
          fields: [
            {
              key: 'items.itemId',
              label: 'Produto',
              from: '—',
              to: '7',
              references: 'products',
              toId: 7,
            },
            { key: 'items.quantity', label: 'Quantidade', from: '—', to: '3' },
            { key: 'items.unitPrice', label: 'Preço unitário', from: '—', to: 'R$ 1,50' },
          ],
        },
      },
    ]);
  });

  it('says which field of which line changed, from → to', () => {
    expect(
      sentence(
        order,
        linesChange(
          [{ id: 7, position: 1, quantity: '5' }],
          [{ id: 7, position: 1, quantity: '8' }],
        ),
      ),
    ).toEqual(['Item 1 alterado: Quantidade 5 → 8']);
  });

  it('says which line was removed, with what it had', () => {
    expect(
      sentence(
        order,
        linesChange([{ id: 9, position: 3, itemId: 4, quantity: '1', unitPrice: '0.1' }], []),
      ),
    ).toEqual(['Item 3 removido: Produto #4, Quantidade 1, Preço unitário R$ 0,10']);
  });

  it('lists a save’s line changes by position, beside the header’s own changes', () => {
    const changes = {
      notes: { from: 'Primeira', to: 'Segunda' },
      ...linesChange(
        [
          { id: 9, position: 3, itemId: 4, quantity: '1', unitPrice: '0.1' },
          { id: 7, position: 1, quantity: '5', unitPrice: '1' },
        ],
        [
          { id: 12, position: 3, itemId: 8, quantity: '3', unitPrice: '0.2' },
          { id: 7, position: 1, quantity: '8', unitPrice: '1.2' },
        ],
      ),
    };
    const lines = changeLines(order, changes);
    expect(lines.map((line) => line.label)).toEqual([
      'Observações',
      'Item 1 alterado',
      'Item 3 removido',
      'Item 3 incluído',
    ]);
    expect(sentence(order, { items: changes.items })).toEqual([
      'Item 1 alterado: Quantidade 5 → 8, Preço unitário R$ 1,00 → R$ 1,20',
      'Item 3 removido: Produto #4, Quantidade 1, Preço unitário R$ 0,10',
      'Item 3 incluído: Produto #8, Quantidade 3, Preço unitário R$ 0,20',
    ]);
  });

  it('names a line after its field’s label, “Item” when the definition does not name it', () => {
    const production: ResourceDefinition = {
      ...order,
      fields: [
        { key: 'materials', label: 'Material', kind: 'text' },
        { key: 'materials.requiredQuantity', label: 'Quantidade necessária', kind: 'integer' },
      ],
    };
    expect(
      sentence(production, {
        materials: {
          from: [{ id: 1, position: 1, requiredQuantity: '2' }],
          to: [{ id: 1, position: 1, requiredQuantity: '4' }],
        },
      }),
    ).toEqual(['Material 1 alterado: Quantidade necessária 2 → 4']);
    expect(
      sentence({ ...order, fields: [] }, linesChange([{ id: 1, position: 2, quantity: '1' }], [])),
    ).toEqual(['Item 2 removido']);
  });

  it('shows a line’s quantity and percentage with a decimal comma, not as stored', () => {
    const billOfMaterials: ResourceDefinition = {
      ...order,
      fields: [
        { key: 'components', label: 'Insumo', kind: 'text' },
        { key: 'components.quantity', label: 'Quantidade por unidade', kind: 'quantity' },
        { key: 'components.lossPercent', label: 'Perda %', kind: 'percent' },
      ],
    };
    expect(
      sentence(billOfMaterials, {
        components: {
          from: [{ id: 3, position: 1, quantity: '1.250', lossPercent: '10.00' }],
          to: [{ id: 3, position: 1, quantity: '2.000', lossPercent: '10.50' }],
        },
      }),
    ).toEqual(['Insumo 1 alterado: Quantidade por unidade 1,25 → 2, Perda % 10% → 10,5%']);
  });
});

describe('changeLines: plain fields', () => {
  it('still shows a field from → to and leaves out what the definition does not name', () => {
    expect(
      changeLines(order, { notes: { from: 'A', to: 'B' }, id: { from: null, to: 3 } }),
    ).toEqual([{ key: 'notes', label: 'Observações', from: 'A', to: 'B' }]);
  });

  it('does not take a list of plain values for lines', () => {
    const withPhones: ResourceDefinition = {
      ...order,
      fields: [{ key: 'phones', label: 'Telefones', kind: 'text' }],
    };
    expect(changeLines(withPhones, { phones: { from: [], to: ['1'] } })).toEqual([
      { key: 'phones', label: 'Telefones', from: '—', to: '1' },
    ]);
  });

  it('labels and formats each field as the form shows it, in the form’s order, empty as —', () => {
    expect(
      changeLines(clients, {
        active: { from: true, to: false },
        creditLimit: { from: null, to: '1500.5' },
        personType: { from: 'F', to: 'J' },
        document: { from: '52998224725', to: '11444777000161' },
      }).map(({ label, from, to }) => `${label}: ${from} → ${to}`),
    ).toEqual([
      'Tipo de pessoa: Pessoa Física → Pessoa Jurídica',
      'CPF / CNPJ: 529.982.247-25 → 11.444.777/0001-61',
      'Limite de crédito: — → R$ 1.500,50',
      'Ativo: Sim → Não',
    ]);
  });

  it('shows an item’s minimum stock as a quantity and its costs with their 4 places', () => {
    expect(
      changeLines(feedstocks, {
        minimumStock: { from: '12.500', to: '3.000' },
        averageCost: { from: '0.0000', to: '12.3456' },
        lastPurchasePrice: { from: null, to: '4.0000' },
      }).map(({ label, from, to }) => `${label}: ${from} → ${to}`),
    ).toEqual([
      'Estoque mínimo: 12,5 → 3',
      'Custo médio: R$ 0,00 → R$ 12,3456',
      'Último preço de compra: — → R$ 4,00',
    ]);
  });

  it('shows only the sub-fields of an address that changed', () => {
    expect(
      changeLines(clients, {
        address: {
          from: { zipCode: '01001000', city: 'São Paulo', state: 'SP' },
          to: { zipCode: '20040002', city: 'Rio de Janeiro', state: 'SP' },
        },
      }).map(({ key, from, to }) => `${key}: ${from} → ${to}`),
    ).toEqual([
      'address.zipCode: 01001-000 → 20040-002',
      'address.city: São Paulo → Rio de Janeiro',
    ]);
  });

  it('gives a reference’s ids for the screen to name the rows', () => {
    expect(changeLines(users, { roleId: { from: 1, to: 2 } })).toMatchObject([
      { key: 'roleId', label: 'Perfil', references: 'roles', fromId: 1, toId: 2 },
    ]);
  });

  it('sums up a role’s permissions as granted and withdrawn', () => {
    expect(
      changeLines(roles, {
        permissions: {
          from: ['clients:read', 'clients:write'],
          to: ['clients:read', 'brands:read'],
        },
      }).map((line) => line.summary),
    ).toEqual(['concedidas Marcas: Consultar; retiradas Clientes: Incluir/alterar']);
  });

  it('names every action the server audits in Portuguese, password changes included', () => {
    expect(
      ['create', 'update', 'delete', 'import', 'password-change', 'password-reset'].map(
        auditActionLabel,
      ),
    ).toEqual([
      'Criado',
      'Alterado',
      'Excluído',
      'Importado',
      'Senha alterada',
      'Senha redefinida',
    ]);
  });
});
