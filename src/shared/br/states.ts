/** The 27 federative units with their IBGE codes (the invoice access key starts with the code). */
export const states = {
  AC: { name: 'Acre', ibge: '12' },
  AL: { name: 'Alagoas', ibge: '27' },
  AP: { name: 'Amapá', ibge: '16' },
  AM: { name: 'Amazonas', ibge: '13' },
  BA: { name: 'Bahia', ibge: '29' },
  CE: { name: 'Ceará', ibge: '23' },
  DF: { name: 'Distrito Federal', ibge: '53' },
  ES: { name: 'Espírito Santo', ibge: '32' },
  GO: { name: 'Goiás', ibge: '52' },
  MA: { name: 'Maranhão', ibge: '21' },
  MT: { name: 'Mato Grosso', ibge: '51' },
  MS: { name: 'Mato Grosso do Sul', ibge: '50' },
  MG: { name: 'Minas Gerais', ibge: '31' },
  PA: { name: 'Pará', ibge: '15' },
  PB: { name: 'Paraíba', ibge: '25' },
  PR: { name: 'Paraná', ibge: '41' },
  PE: { name: 'Pernambuco', ibge: '26' },
  PI: { name: 'Piauí', ibge: '22' },
  RJ: { name: 'Rio de Janeiro', ibge: '33' },
  RN: { name: 'Rio Grande do Norte', ibge: '24' },
  RS: { name: 'Rio Grande do Sul', ibge: '43' },
  RO: { name: 'Rondônia', ibge: '11' },
  RR: { name: 'Roraima', ibge: '14' },
  SC: { name: 'Santa Catarina', ibge: '42' },
  SP: { name: 'São Paulo', ibge: '35' },
  SE: { name: 'Sergipe', ibge: '28' },
  TO: { name: 'Tocantins', ibge: '17' },
} as const;

export type Uf = keyof typeof states;
export const ufs = Object.keys(states) as Uf[];
