import { describe, expect, it } from 'vitest';
import { cep, cnpj, cpf, phone } from './documents.js';

describe('Brazilian documents', () => {
  it('validates CPF check digits, with or without punctuation', () => {
    expect(cpf.isValid('529.982.247-25')).toBe(true);
    expect(cpf.isValid('52998224725')).toBe(true);
    expect(cpf.isValid('529.982.247-26')).toBe(false);
    expect(cpf.isValid('111.111.111-11')).toBe(false);
    expect(cpf.isValid('5299822472')).toBe(false);
    expect(cpf.format('52998224725')).toBe('529.982.247-25');
  });

  it('accepts numeric and alphanumeric CNPJs and stores them uppercase without punctuation', () => {
    expect(cnpj.isValid('11.222.333/0001-81')).toBe(true);
    expect(cnpj.isValid('12.ABC.345/01DE-35')).toBe(true);
    expect(cnpj.isValid('12.abc.345/01de-35')).toBe(true);
    expect(cnpj.normalize('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(cnpj.isValid('11.222.333/0001-82')).toBe(false);
    expect(cnpj.isValid('00.000.000/0000-00')).toBe(false);
    // The check digits are always numbers.
    expect(cnpj.isValid('12ABC34501DEAB')).toBe(false);
    expect(cnpj.format('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('validates CEP and phones', () => {
    expect(cep.isValid('01310-100')).toBe(true);
    expect(cep.isValid('0131010')).toBe(false);
    expect(cep.format('01310100')).toBe('01310-100');
    expect(phone.isValid('(11) 98765-4321')).toBe(true);
    expect(phone.isValid('(11) 3456-7890')).toBe(true);
    expect(phone.isValid('3456-7890')).toBe(false);
    expect(phone.format('11987654321')).toBe('(11) 98765-4321');
    expect(phone.format('1134567890')).toBe('(11) 3456-7890');
  });
});
