import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages.js';
import type { TestApi } from '../../../testing/api-app.js';
import {
  cnpjFrom,
  cpfFrom,
  crudContract,
  expectError,
  formatCnpj,
  formatCpf,
  letter,
  masterData,
  nextTag,
  type Payload,
  type Row,
} from './master-data-helpers.js';

/** What a stored address without any part answers: every part present, as null. */
const noAddress = {
  zipCode: null,
  street: null,
  number: null,
  complement: null,
  district: null,
  city: null,
  state: null,
  cityCode: null,
};

/**
 * Clients and suppliers share their fields and rules (DOMAIN §3): the contract plus the
 * document, address and search checks run for both.
 */
const states = ['CE', 'AC', 'SP', 'BA', 'DF'];
const pad3 = (n: number) => String(n).padStart(3, '0');

/** A valid CPF (n even) or CNPJ (n odd), unique per (n, index), sorting with n. */
function partyDocument(n: number, index: number): { personType: 'F' | 'J'; document: string } {
  return n % 2 === 0
    ? { personType: 'F', document: cpfFrom(`${pad3(index)}${n}00000`) }
    : { personType: 'J', document: cnpjFrom(`${pad3(index)}${n}00000000`) };
}

export const formatDocument = (document: string) =>
  document.length === 11 ? formatCpf(document) : formatCnpj(document);

export function partyPayload(n: number, tag: string, index: number): Payload {
  const { personType, document } = partyDocument(n, index);
  return {
    personType,
    name: `${tag} Nome ${letter(n)}`,
    tradeName: `${tag} Fantasia ${letter(n)}`,
    document: formatDocument(document),
    stateRegistration: n === 0 ? 'ISENTO' : `${index}${n}345678`,
    email: `${tag}.${letter(n)}@exemplo.com.br`,
    phone: '(11) 3456-7890',
    mobile: '(11) 98765-4321',
    address: {
      zipCode: '01310-100',
      street: 'Avenida Paulista',
      number: `${n + 1}00`,
      complement: `Sala ${n}`,
      district: 'Bela Vista',
      city: `${tag} Cidade ${letter(3 - n)}`,
      state: states[n % states.length],
    },
    notes: `Observação ${n}`,
    active: n % 2 === 0,
  };
}

/** The fields PUT takes back: the row without identity and bookkeeping. */
export function editable(row: Row): Payload {
  const bookkeeping = new Set([
    'id',
    'version',
    'createdAt',
    'updatedAt',
    'createdBy',
    'updatedBy',
  ]);
  return Object.fromEntries(Object.entries(row).filter(([key]) => !bookkeeping.has(key)));
}

/** The row as PUT takes it back, renamed and moved to Campinas, plus `extra`. */
function partyEdit(row: Row, extra: Payload = {}): Payload {
  return {
    ...editable(row),
    name: `${String(row.name)} Ltda.`,
    address: { ...(row.address as object), city: 'Campinas', state: 'SP', cityCode: '3509502' },
    ...extra,
  };
}

export function partyTests(
  api: TestApi,
  path: 'clients' | 'suppliers',
  extra: {
    make: (n: number) => Payload;
    edit: Payload;
    /** The 409 of a document already stored: "Já existe um cliente com este CPF/CNPJ." */
    duplicateMessage: string;
    maxLengths?: Record<string, number>;
    invalid?: { field: string; value: unknown; message: string; with?: Payload }[];
    normalised?: { input: Payload; stored: Payload }[];
  },
) {
  const table = path;
  const make = (n: number, tag: string, index: number) => ({
    ...partyPayload(n, tag, index),
    ...extra.make(n),
  });

  crudContract(api, {
    path,
    table,
    make,
    edit: (row) => partyEdit(row, extra.edit),
    // The same document, typed without punctuation and with another name.
    duplicate: (n, tag, index) => ({
      ...make(n + 5, tag, index),
      ...partyDocument(n, index),
    }),
    duplicateError: { document: extra.duplicateMessage },
    required: ['personType', 'name', 'document'],
    maxLengths: {
      name: 120,
      tradeName: 120,
      'address.street': 120,
      'address.number': 20,
      'address.complement': 60,
      'address.district': 60,
      'address.city': 60,
      notes: 2000,
      ...extra.maxLengths,
    },
    filterPaths: { state: 'address.state' },
    invalid: [
      { field: 'document', value: '123.456.789-00', message: messages.invalidCpf },
      { field: 'document', value: '111.111.111-11', message: messages.invalidCpf },
      { field: 'document', value: '529.982.247-2', message: messages.invalidCpf },
      { field: 'document', value: '11.222.333/0001-81', message: messages.invalidCpf },
      {
        field: 'document',
        value: '11.222.333/0001-82',
        message: messages.invalidCnpj,
        with: { personType: 'J' },
      },
      {
        field: 'document',
        value: '529.982.247-25',
        message: messages.invalidCnpj,
        with: { personType: 'J' },
      },
      {
        field: 'document',
        value: '12.ABC.345/01DE-36',
        message: messages.invalidCnpj,
        with: { personType: 'J' },
      },
      { field: 'personType', value: 'X', message: messages.invalid },
      { field: 'address.zipCode', value: '123', message: messages.invalidCep },
      { field: 'address.zipCode', value: '01310-1000', message: messages.invalidCep },
      { field: 'address.state', value: 'XX', message: messages.invalidUf },
      { field: 'email', value: 'joao@', message: messages.invalidEmail },
      { field: 'email', value: 'joao silva@exemplo.com', message: messages.invalidEmail },
      { field: 'phone', value: '123', message: messages.invalidPhone },
      { field: 'mobile', value: '(00) 91234-5678', message: messages.invalidPhone },
      { field: 'stateRegistration', value: 'ABC123', message: messages.pattern },
      { field: 'stateRegistration', value: 'ISENTA', message: messages.pattern },
      { field: 'address', value: 'Rua A', message: messages.invalid },
      ...(extra.invalid ?? []),
    ],
    normalised: (tag, index) => [
      {
        input: { personType: 'J', document: ' 12.abc.345/01de-35 ' },
        stored: { personType: 'J', document: '12ABC34501DE35' },
      },
      {
        input: { personType: 'J', document: '11.222.333/0001-81' },
        stored: { personType: 'J', document: '11222333000181' },
      },
      {
        input: {
          personType: 'F',
          document: formatCpf(cpfFrom(`${pad3(index)}700000`)),
          email: '  Joao.Silva@Exemplo.COM.br ',
          phone: '1134567890',
          mobile: '',
          tradeName: '   ',
          notes: '',
        },
        stored: {
          document: cpfFrom(`${pad3(index)}700000`),
          email: 'joao.silva@exemplo.com.br',
          phone: '1134567890',
          mobile: null,
          tradeName: null,
          notes: null,
        },
      },
      {
        input: {
          stateRegistration: ' isento ',
          address: {
            zipCode: '01310-100',
            street: ' Rua Augusta ',
            number: '',
            complement: '   ',
            district: null,
            city: 'São Paulo',
            state: 'sp',
          },
        },
        stored: {
          stateRegistration: 'ISENTO',
          address: {
            zipCode: '01310100',
            street: 'Rua Augusta',
            number: null,
            complement: null,
            district: null,
            city: 'São Paulo',
            state: 'SP',
            // Filled from the city and UF (issue 18).
            cityCode: '3550308',
          },
        },
      },
      {
        input: { stateRegistration: '110.042.490.114', address: undefined, email: '', phone: null },
        stored: {
          stateRegistration: '110042490114',
          email: null,
          phone: null,
          address: noAddress,
        },
      },
      {
        input: { address: { city: `${tag} Cidade isolada` } },
        stored: {
          address: { ...noAddress, city: `${tag} Cidade isolada` },
        },
      },
      ...(extra.normalised ?? []),
    ],
  });

  describe(`${path}: documents, search and filters`, () => {
    const parties = masterData(api, path);

    it('accepts the alphanumeric CNPJ 12.ABC.345/01DE-35 and finds it formatted or not', async () => {
      const { tag, index } = nextTag();
      // The contract's normalisation test already stored this CNPJ in this file; find that row.
      const found = await parties.ids({ q: '12.ABC.345/01DE-35' });
      expect(found).toHaveLength(1);
      expect(await parties.ids({ q: '12abc34501de35' })).toEqual(found);
      expect(await parties.ids({ q: '12.abc.345' })).toEqual(found);
      const again = await parties.post({
        ...make(0, tag, index),
        personType: 'J',
        document: '12ABC34501DE35',
      });
      expectError(again, 409, extra.duplicateMessage, { document: extra.duplicateMessage });
    });

    it('finds by formatted or bare CPF, by e-mail, by trade name and by city, ignoring accents', async () => {
      const { tag, index } = nextTag();
      const cpf = cpfFrom(`${pad3(index)}900000`);
      const row = await parties.create({
        ...make(0, tag, index),
        document: cpf,
        name: `${tag} João da Conceição`,
        tradeName: 'Padaria Pão Quente',
        email: `${tag}.contato@padaria.com.br`,
        address: { city: `${tag} São José dos Campos`, state: 'SP' },
      });
      expect(row.document).toBe(cpf);
      expect(await parties.ids({ q: formatCpf(cpf) })).toEqual([row.id]);
      expect(await parties.ids({ q: cpf })).toEqual([row.id]);
      expect(await parties.ids({ q: formatCpf(cpf).slice(0, 7) })).toContain(row.id);
      expect(await parties.ids({ q: `${tag} joao` })).toEqual([row.id]);
      expect(await parties.ids({ q: 'CONCEICAO' })).toContain(row.id);
      expect(await parties.ids({ q: 'JOÃO DA CONCEICAO' })).toContain(row.id);
      expect(await parties.ids({ q: 'pao quente' })).toEqual([row.id]);
      expect(await parties.ids({ q: `${tag}.CONTATO@` })).toEqual([row.id]);
      expect(await parties.ids({ q: `${tag} sao jose` })).toEqual([row.id]);
    });

    it('finds the CPF 529.982.247-25 by its formatted and bare forms', async () => {
      const { tag, index } = nextTag();
      const row = await parties.create({
        ...make(0, tag, index),
        personType: 'F',
        document: '529.982.247-25',
      });
      expect(row.document).toBe('52998224725');
      expect(await parties.ids({ q: '529.982.247-25' })).toEqual([row.id]);
      expect(await parties.ids({ q: '52998224725' })).toEqual([row.id]);
      expect(await parties.ids({ q: '982.247' })).toEqual([row.id]);
    });

    it('filters by city (exact) together with state and person type', async () => {
      const { tag, index } = nextTag();
      const city = `${tag} Ribeirão Preto`;
      const f = await parties.create({ ...make(0, tag, index), address: { city, state: 'SP' } });
      const j = await parties.create({ ...make(1, tag, index), address: { city, state: 'SP' } });
      await parties.create({ ...make(2, tag, index), address: { city, state: 'MG' } });
      await parties.create({
        ...make(4, tag, index),
        address: { city: `${tag} Outra`, state: 'SP' },
      });
      const ids = async (query: Record<string, string>) =>
        (await parties.ids(query)).sort((a, b) => a - b);
      expect(await ids({ city, state: 'SP' })).toEqual([f.id, j.id].sort((a, b) => a - b));
      expect(await ids({ city, state: 'SP', personType: 'J' })).toEqual([j.id]);
      expect(await ids({ q: tag, personType: 'F', state: 'SP' })).toEqual(
        expect.arrayContaining([f.id]),
      );
      expectError(await parties.list({ state: 'sp' }), 400, messages.errors.badRequest, {
        state: messages.invalid,
      });
      expectError(await parties.list({ personType: 'X' }), 400, messages.errors.badRequest, {
        personType: messages.invalid,
      });
    });

    it('takes the state registration as digits (punctuation dropped, at most 20) or ISENTO', async () => {
      const { tag, index } = nextTag();
      const cases: [string, string][] = [
        ['12345678901234567890', '12345678901234567890'],
        ['110.042.490.114', '110042490114'],
        ['Isento', 'ISENTO'],
      ];
      for (const [n, [input, stored]] of cases.entries()) {
        const row = await parties.create({ ...make(n, tag, index), stateRegistration: input });
        expect(row.stateRegistration).toBe(stored);
      }
      const tooLong = await parties.post({
        ...make(4, tag, index),
        stateRegistration: '123456789012345678901',
      });
      expectError(tooLong, 400, messages.errors.badRequest, {
        stateRegistration: messages.tooLong(20),
      });
    });

    it('validates the document against the person type when both change on update', async () => {
      const { tag, index } = nextTag();
      const row = await parties.create(make(0, tag, index));
      const toCompany = await parties.put(row.id, {
        ...partyEdit(row),
        personType: 'J',
        version: row.version,
      });
      expectError(toCompany, 400, messages.errors.badRequest, { document: messages.invalidCnpj });
      const cnpj = cnpjFrom(`${pad3(index)}800000000`);
      const ok = await parties.put(row.id, {
        ...partyEdit(row),
        personType: 'J',
        document: formatCnpj(cnpj),
        version: row.version,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ personType: 'J', document: cnpj, version: 2 });
    });

    it('shows every invalid field at once', async () => {
      const { tag, index } = nextTag();
      const response = await parties.post({
        ...make(0, tag, index),
        name: '',
        document: '123',
        email: 'x@',
        address: { zipCode: '1', state: 'ZZ' },
      });
      expectError(response, 400, messages.errors.badRequest);
      expect(response.json().error.fields).toEqual({
        name: messages.required,
        document: messages.invalidCpf,
        email: messages.invalidEmail,
        'address.zipCode': messages.invalidCep,
        'address.state': messages.invalidUf,
      });
    });
  });
}
