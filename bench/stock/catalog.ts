/**
 * The master data of the stock benchmark: units, categories, stock locations and the items of a
 * small garment industry (feedstocks it buys and products it makes or resells), each with what
 * the movement generator needs to invent its history: the decimals of its unit, a typical
 * quantity per movement and a base cost. Deterministic: the same seed gives the same catalog.
 */
import { prng } from '../lists/generate-clients.js';

export const UNITS = [
  { code: 'UN', description: 'Unidade', decimals: 0 },
  { code: 'PAR', description: 'Par', decimals: 0 },
  { code: 'CX', description: 'Caixa', decimals: 0 },
  { code: 'CONE', description: 'Cone', decimals: 0 },
  { code: 'KG', description: 'Quilograma', decimals: 3 },
  { code: 'M', description: 'Metro', decimals: 3 },
  { code: 'L', description: 'Litro', decimals: 3 },
] as const;
export type UnitCode = (typeof UNITS)[number]['code'];

export const LOCATIONS = [
  'Almoxarifado Central',
  'Almoxarifado de Aviamentos',
  'Corte',
  'Costura',
  'Acabamento',
  'Expedição',
  'Loja de Fábrica',
  'Depósito Externo — Blumenau',
  'Centro de Distribuição — Joinville',
  'Quarentena — Qualidade',
];

/**
 * A kind of item: its category, unit, typical quantity per movement (`quantity`: [min, max] in
 * the unit) and cost per unit in BRL ([min, max]); products also have an NCM.
 */
interface Family {
  name: string;
  category: string;
  unit: UnitCode;
  quantity: [number, number];
  cost: [number, number];
  ncm?: string;
}

const FEEDSTOCKS: Family[] = [
  { name: 'Tecido Malha', category: 'Tecidos', unit: 'KG', quantity: [5, 60], cost: [28, 65] },
  { name: 'Tecido Tricoline', category: 'Tecidos', unit: 'M', quantity: [10, 80], cost: [14, 32] },
  { name: 'Tecido Sarja', category: 'Tecidos', unit: 'M', quantity: [10, 80], cost: [18, 40] },
  { name: 'Tecido Jeans', category: 'Tecidos', unit: 'M', quantity: [10, 80], cost: [22, 48] },
  { name: 'Moletom Flanelado', category: 'Tecidos', unit: 'KG', quantity: [5, 40], cost: [35, 70] },
  { name: 'Ribana', category: 'Tecidos', unit: 'KG', quantity: [1, 10], cost: [30, 55] },
  { name: 'Entretela', category: 'Tecidos', unit: 'M', quantity: [5, 50], cost: [4, 12] },
  { name: 'Renda', category: 'Aviamentos', unit: 'M', quantity: [2, 30], cost: [3, 25] },
  { name: 'Elástico', category: 'Aviamentos', unit: 'M', quantity: [10, 120], cost: [0.4, 3] },
  { name: 'Viés', category: 'Aviamentos', unit: 'M', quantity: [10, 100], cost: [0.3, 1.5] },
  { name: 'Fita de Cetim', category: 'Aviamentos', unit: 'M', quantity: [5, 60], cost: [0.5, 2] },
  { name: 'Velcro', category: 'Aviamentos', unit: 'M', quantity: [2, 25], cost: [2, 6] },
  { name: 'Zíper', category: 'Aviamentos', unit: 'UN', quantity: [20, 300], cost: [0.6, 4] },
  { name: 'Botão', category: 'Aviamentos', unit: 'UN', quantity: [100, 2000], cost: [0.05, 0.6] },
  { name: 'Ilhós', category: 'Aviamentos', unit: 'UN', quantity: [100, 1500], cost: [0.04, 0.3] },
  { name: 'Rebite', category: 'Aviamentos', unit: 'UN', quantity: [100, 1500], cost: [0.05, 0.4] },
  {
    name: 'Linha de Costura',
    category: 'Linhas e Fios',
    unit: 'CONE',
    quantity: [2, 40],
    cost: [6, 18],
  },
  {
    name: 'Fio de Algodão',
    category: 'Linhas e Fios',
    unit: 'KG',
    quantity: [2, 25],
    cost: [20, 45],
  },
  {
    name: 'Etiqueta Bordada',
    category: 'Etiquetas e Tags',
    unit: 'UN',
    quantity: [100, 2000],
    cost: [0.08, 0.5],
  },
  {
    name: 'Tag de Papel',
    category: 'Etiquetas e Tags',
    unit: 'UN',
    quantity: [100, 2000],
    cost: [0.05, 0.3],
  },
  {
    name: 'Embalagem Plástica',
    category: 'Embalagens',
    unit: 'UN',
    quantity: [50, 1000],
    cost: [0.1, 0.8],
  },
  {
    name: 'Caixa de Papelão',
    category: 'Embalagens',
    unit: 'CX',
    quantity: [10, 200],
    cost: [1.5, 6],
  },
  {
    name: 'Tinta Têxtil',
    category: 'Químicos e Tintas',
    unit: 'L',
    quantity: [1, 20],
    cost: [25, 90],
  },
  {
    name: 'Amaciante Industrial',
    category: 'Químicos e Tintas',
    unit: 'L',
    quantity: [5, 50],
    cost: [6, 15],
  },
];

const PRODUCTS: Family[] = [
  {
    name: 'Camiseta Básica',
    category: 'Camisetas',
    unit: 'UN',
    quantity: [10, 120],
    cost: [12, 25],
    ncm: '61091000',
  },
  {
    name: 'Camiseta Gola V',
    category: 'Camisetas',
    unit: 'UN',
    quantity: [10, 100],
    cost: [13, 27],
    ncm: '61091000',
  },
  {
    name: 'Polo Piquet',
    category: 'Camisetas',
    unit: 'UN',
    quantity: [5, 60],
    cost: [22, 40],
    ncm: '61051000',
  },
  {
    name: 'Regata Fitness',
    category: 'Fitness',
    unit: 'UN',
    quantity: [10, 80],
    cost: [10, 22],
    ncm: '61099000',
  },
  {
    name: 'Legging Suplex',
    category: 'Fitness',
    unit: 'UN',
    quantity: [5, 60],
    cost: [18, 35],
    ncm: '61046300',
  },
  {
    name: 'Calça Jeans',
    category: 'Calças e Bermudas',
    unit: 'UN',
    quantity: [5, 50],
    cost: [38, 70],
    ncm: '62034200',
  },
  {
    name: 'Bermuda Sarja',
    category: 'Calças e Bermudas',
    unit: 'UN',
    quantity: [5, 50],
    cost: [25, 45],
    ncm: '62034200',
  },
  {
    name: 'Vestido Midi',
    category: 'Vestidos e Saias',
    unit: 'UN',
    quantity: [3, 30],
    cost: [40, 85],
    ncm: '62044200',
  },
  {
    name: 'Saia Plissada',
    category: 'Vestidos e Saias',
    unit: 'UN',
    quantity: [3, 30],
    cost: [28, 50],
    ncm: '62045200',
  },
  {
    name: 'Blusa de Moletom',
    category: 'Agasalhos',
    unit: 'UN',
    quantity: [5, 40],
    cost: [35, 65],
    ncm: '61102000',
  },
  {
    name: 'Jaqueta Corta-vento',
    category: 'Agasalhos',
    unit: 'UN',
    quantity: [3, 25],
    cost: [55, 95],
    ncm: '62019300',
  },
  {
    name: 'Pijama Infantil',
    category: 'Infantil',
    unit: 'UN',
    quantity: [5, 50],
    cost: [20, 38],
    ncm: '61083100',
  },
  {
    name: 'Macacão Infantil',
    category: 'Infantil',
    unit: 'UN',
    quantity: [5, 40],
    cost: [24, 42],
    ncm: '61112000',
  },
  {
    name: 'Meia Cano Médio',
    category: 'Moda Íntima',
    unit: 'PAR',
    quantity: [20, 200],
    cost: [3, 7],
    ncm: '61159500',
  },
  {
    name: 'Cueca Boxer',
    category: 'Moda Íntima',
    unit: 'UN',
    quantity: [10, 120],
    cost: [8, 16],
    ncm: '61071100',
  },
  {
    name: 'Boné Aba Curva',
    category: 'Acessórios',
    unit: 'UN',
    quantity: [5, 60],
    cost: [12, 26],
    ncm: '65050090',
  },
  {
    name: 'Avental de Cozinha',
    category: 'Uniformes',
    unit: 'UN',
    quantity: [5, 60],
    cost: [14, 28],
    ncm: '62114300',
  },
  {
    name: 'Camisa de Uniforme',
    category: 'Uniformes',
    unit: 'UN',
    quantity: [10, 150],
    cost: [24, 42],
    ncm: '62053000',
  },
  {
    name: 'Retalho de Malha',
    category: 'Retalhos',
    unit: 'KG',
    quantity: [2, 40],
    cost: [4, 9],
    ncm: '63101000',
  },
];

export const CATEGORIES = [...new Set([...FEEDSTOCKS, ...PRODUCTS].map((f) => f.category))];

const COLORS = [
  'Azul-marinho',
  'Preto',
  'Branco',
  'Vermelho',
  'Cinza Mescla',
  'Verde-musgo',
  'Bege',
  'Rosé',
  'Amarelo Ouro',
  'Marrom Café',
  'Off-white',
  'Lilás',
];
const MATERIALS = ['Algodão', 'Poliéster', 'Viscose', 'Linho', 'Elastano', 'Poliamida'];
const SIZES = ['PP', 'P', 'M', 'G', 'GG', 'XG', '2', '4', '6', '8', '10', '12'];

/** One item of the catalog, numbered from 1 (`n`), as the generator writes it. */
export interface CatalogItem {
  n: number;
  kind: 'PRODUCT' | 'FEEDSTOCK';
  code: string;
  name: string;
  category: string;
  unit: UnitCode;
  decimals: number;
  origin: 'MANUFACTURED' | 'RESALE' | null;
  ncm: string | null;
  salePrice: string | null;
  /** What one movement typically moves, in the unit's decimals (> 0). */
  quantity: string;
  /** The cost of one unit when the history starts, 2 places. */
  cost: string;
  /** Indexes (0-based) into LOCATIONS of the places the item is kept: 2 to 4 of them. */
  locations: number[];
}

/**
 * The places item `n` is kept: 2 to 4 consecutive ones (modulo the count) from an offset of its
 * own. A formula rather than a draw, so that the posting benchmark and its pgbench script find
 * an item's locations without asking the database.
 */
export function itemLocations(n: number, locationCount: number): number[] {
  const count = Math.min(2 + (n % 3), locationCount);
  return Array.from({ length: count }, (_, k) => (n * 7 + k) % locationCount);
}

/** 60 % feedstocks, 40 % products, in an order that mixes them. */
export function catalog(count: number, locationCount: number, seed: number): CatalogItem[] {
  const random = prng(seed);
  const items: CatalogItem[] = [];
  for (let n = 1; n <= count; n++) {
    const feedstock = n % 5 < 3;
    const family = random.pick(feedstock ? FEEDSTOCKS : PRODUCTS);
    const decimals = UNITS.find((unit) => unit.code === family.unit)!.decimals;
    const [qMin, qMax] = family.quantity;
    const quantity = (qMin + random.next() * (qMax - qMin)).toFixed(decimals);
    const [cMin, cMax] = family.cost;
    const cost = Math.max(0.01, cMin + random.next() * (cMax - cMin)).toFixed(2);
    const color = random.pick(COLORS);
    const name = feedstock
      ? `${family.name} ${family.category === 'Tecidos' ? `${random.pick(MATERIALS)} ` : ''}${color} Ref. ${random.int(100, 9999)}`
      : `${family.name} ${color} ${family.unit === 'KG' ? 'Misto' : random.pick(SIZES)}`;
    items.push({
      n,
      kind: feedstock ? 'FEEDSTOCK' : 'PRODUCT',
      code: `${feedstock ? 'INS' : 'PRD'}-${String(n).padStart(6, '0')}`,
      name,
      category: family.category,
      unit: family.unit,
      decimals,
      origin: feedstock ? null : random.chance(0.8) ? 'MANUFACTURED' : 'RESALE',
      ncm: family.ncm ?? null,
      salePrice: feedstock ? null : (Number(cost) * (2 + random.next())).toFixed(2),
      quantity: Number(quantity) > 0 ? quantity : (1 / 10 ** decimals).toFixed(decimals),
      cost,
      locations: itemLocations(n, locationCount),
    });
  }
  return items;
}
