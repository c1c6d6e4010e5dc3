/**
 * The NF-e 4.00 tax codes a nature of operation and a product choose from (shared/nfe/README.md,
 * Manual de Orientação do Contribuinte). Every code is a string of digits, as the XML writes it.
 * The labels are short forms of the official descriptions.
 */

/** orig: the goods' origin (Ajuste SINIEF 20/12 wording; 3 and 8 by the 40 % / 70 % import content). */
export const taxOrigins = {
  '0': '0 — Nacional',
  '1': '1 — Estrangeira, importação direta',
  '2': '2 — Estrangeira, adquirida no mercado interno',
  '3': '3 — Nacional, conteúdo de importação acima de 40 % e até 70 %',
  '4': '4 — Nacional, produzida conforme os processos produtivos básicos',
  '5': '5 — Nacional, conteúdo de importação até 40 %',
  '6': '6 — Estrangeira, importação direta, sem similar nacional (lista CAMEX)',
  '7': '7 — Estrangeira, mercado interno, sem similar nacional (lista CAMEX)',
  '8': '8 — Nacional, conteúdo de importação acima de 70 %',
} as const;

/** CSOSN: ICMS of an issuer in the Simples Nacional (CRT 1, 2 and 4). */
export const icmsCsosns = {
  '101': '101 — Tributada com permissão de crédito',
  '102': '102 — Tributada sem permissão de crédito',
  '103': '103 — Isenção para faixa de receita bruta',
  '201': '201 — Com crédito e com ICMS-ST',
  '202': '202 — Sem crédito e com ICMS-ST',
  '203': '203 — Isenção para faixa de receita, com ICMS-ST',
  '300': '300 — Imune',
  '400': '400 — Não tributada',
  '500': '500 — ICMS cobrado anteriormente por ST',
  '900': '900 — Outros',
} as const;

/** CST of ICMS: an issuer in the regime normal (CRT 3). */
export const icmsCsts = {
  '00': '00 — Tributada integralmente',
  '10': '10 — Tributada e com ICMS-ST',
  '20': '20 — Com redução de base de cálculo',
  '30': '30 — Isenta ou não tributada, com ICMS-ST',
  '40': '40 — Isenta',
  '41': '41 — Não tributada',
  '50': '50 — Suspensão',
  '51': '51 — Diferimento',
  '60': '60 — ICMS cobrado anteriormente por ST',
  '70': '70 — Redução de base e ICMS-ST',
  '90': '90 — Outras',
} as const;

/** CST of IPI: 00–49 on entries, 50–99 on exits. */
export const ipiCsts = {
  '00': '00 — Entrada com recuperação de crédito',
  '01': '01 — Entrada tributada com alíquota zero',
  '02': '02 — Entrada isenta',
  '03': '03 — Entrada não tributada',
  '04': '04 — Entrada imune',
  '05': '05 — Entrada com suspensão',
  '49': '49 — Outras entradas',
  '50': '50 — Saída tributada',
  '51': '51 — Saída tributável com alíquota zero',
  '52': '52 — Saída isenta',
  '53': '53 — Saída não tributada',
  '54': '54 — Saída imune',
  '55': '55 — Saída com suspensão',
  '99': '99 — Outras saídas',
} as const;

/** CST of PIS and COFINS (the same table for both). */
export const pisCofinsCsts = {
  '01': '01 — Tributável, alíquota básica',
  '02': '02 — Tributável, alíquota diferenciada',
  '03': '03 — Tributável, alíquota por unidade',
  '04': '04 — Monofásica, revenda a alíquota zero',
  '05': '05 — Substituição tributária',
  '06': '06 — Alíquota zero',
  '07': '07 — Isenta',
  '08': '08 — Sem incidência',
  '09': '09 — Com suspensão',
  '49': '49 — Outras operações de saída',
  '50': '50 — Crédito: receita tributada no mercado interno',
  '70': '70 — Aquisição sem direito a crédito',
  '98': '98 — Outras operações de entrada',
  '99': '99 — Outras operações',
} as const;

export type Direction = 'OUT' | 'IN';

/** CFOP: 4 digits; the first says the direction and where the other party is. */
export const CFOP_PATTERN = /^\d{4}$/;

/**
 * The first digit a CFOP must have: an exit within the state 5, to another state 6; an entry from
 * within the state 1, from another state 2 (3 and 7, foreign trade, are not offered).
 */
export function cfopFirstDigit(direction: Direction, interstate: boolean): string {
  if (direction === 'OUT') return interstate ? '6' : '5';
  return interstate ? '2' : '1';
}

/** Whether an IPI CST belongs to the direction: entries 00–49, exits 50–99. */
export function ipiCstFitsDirection(cst: string, direction: Direction): boolean {
  return direction === 'IN' ? Number(cst) < 50 : Number(cst) >= 50;
}
