import { describe, expect, it } from 'vitest';
import { fiscalOperationSchema } from '../resources/fiscal-operations.js';
import {
  cfopFirstDigit,
  icmsCsosns,
  icmsCsts,
  ipiCstFitsDirection,
  ipiCsts,
} from './fiscal-codes.js';

describe('CFOP by direction and destination', () => {
  it('starts an exit with 5 within the state and 6 to another, an entry with 1 and 2', () => {
    expect(cfopFirstDigit('OUT', false)).toBe('5');
    expect(cfopFirstDigit('OUT', true)).toBe('6');
    expect(cfopFirstDigit('IN', false)).toBe('1');
    expect(cfopFirstDigit('IN', true)).toBe('2');
  });
});

describe('the code tables', () => {
  it('offer exactly the CSOSNs and ICMS CSTs of the layout, in code order', () => {
    expect(Object.keys(icmsCsosns)).toEqual([
      '101',
      '102',
      '103',
      '201',
      '202',
      '203',
      '300',
      '400',
      '500',
      '900',
    ]);
    expect(Object.keys(icmsCsts).sort()).toEqual([
      '00',
      '10',
      '20',
      '30',
      '40',
      '41',
      '50',
      '51',
      '60',
      '70',
      '90',
    ]);
  });

  it('keep IPI CSTs 00–49 for entries and 50–99 for exits', () => {
    for (const cst of Object.keys(ipiCsts)) {
      expect(ipiCstFitsDirection(cst, 'IN'), cst).toBe(Number(cst) < 50);
      expect(ipiCstFitsDirection(cst, 'OUT'), cst).toBe(Number(cst) >= 50);
    }
  });
});

describe('a nature of operation', () => {
  const exit = { name: 'Venda', direction: 'OUT', cfopInState: '5101', cfopOutOfState: '6101' };
  const messagesOf = (value: Record<string, unknown>) => {
    const result = fiscalOperationSchema.safeParse(value);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes the defaults of a sale under any regime', () => {
    expect(fiscalOperationSchema.parse(exit)).toMatchObject({
      purpose: 'NORMAL',
      icmsCsosn: '102',
      icmsCst: '00',
      pisCst: '01',
      pisRate: '0.65',
      cofinsRate: '3.00',
      ibsCbsEnabled: false,
      movesStock: true,
      createsBills: true,
    });
  });

  it('refuses CFOPs of the other direction, each at its field, with the other fields wrong too', () => {
    expect(messagesOf({ ...exit, direction: 'IN', icmsRate: '101', ipiCst: '50' })).toEqual({
      cfopInState: 'Nesta operação o CFOP começa com 1',
      cfopOutOfState: 'Nesta operação o CFOP começa com 2',
      icmsRate: 'Valor está fora do intervalo',
      ipiCst: 'Numa entrada o CST do IPI vai de 00 a 49',
    });
    expect(messagesOf({ ...exit, cfopInState: '6101', cfopOutOfState: '5101' })).toEqual({
      cfopInState: 'Nesta operação o CFOP começa com 5',
      cfopOutOfState: 'Nesta operação o CFOP começa com 6',
    });
  });

  it('needs the cClassTrib once IBS/CBS is on', () => {
    expect(messagesOf({ ...exit, ibsCbsEnabled: true })).toEqual({
      cClassTrib: 'Preenchimento obrigatório',
    });
    expect(messagesOf({ ...exit, ibsCbsEnabled: true, cClassTrib: '000001' })).toEqual({});
  });
});
