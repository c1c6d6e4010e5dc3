import { describe, expect, it } from 'vitest';
import { cityNameKey, isCityCodeOfUf, municipalityLabel } from './municipalities.js';

describe('cityNameKey', () => {
  it('meets a typed city with the IBGE name whatever its accents, case and punctuation', () => {
    expect(cityNameKey('São Paulo')).toBe('sao paulo');
    expect(cityNameKey('  SAO   PAULO ')).toBe('sao paulo');
    expect(cityNameKey('Mogi-Mirim')).toBe(cityNameKey('Mogi Mirim'));
    expect(cityNameKey("Santa Bárbara d'Oeste")).toBe(cityNameKey('Santa Barbara D Oeste'));
    expect(cityNameKey('Januário Cicco (Boa Saúde)')).toBe('januario cicco boa saude');
    expect(cityNameKey('Açailândia')).toBe('acailandia');
  });

  it('keeps different names apart', () => {
    expect(cityNameKey('Campinas')).not.toBe(cityNameKey('Campina'));
    expect(cityNameKey('-- ')).toBe('');
  });
});

describe('isCityCodeOfUf', () => {
  it("is true when the code starts with the UF's IBGE code", () => {
    expect(isCityCodeOfUf('3550308', 'SP')).toBe(true);
    expect(isCityCodeOfUf('3550308', 'RJ')).toBe(false);
    expect(isCityCodeOfUf('5300108', 'DF')).toBe(true);
  });
});

it('labels a municipality with its name and code', () => {
  expect(municipalityLabel({ name: 'Campinas', code: '3509502' })).toBe('Campinas — 3509502');
});
