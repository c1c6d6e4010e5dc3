/**
 * Fills the `clients` table of a database with N realistic Brazilian clients (default 100,000):
 * people with valid CPFs and companies with valid numeric CNPJs, accented names, real cities
 * with their UF, DDD and CEP range, phones, e-mails and credit limits. Deterministic: the same
 * seed gives the same rows. Rows go in with one INSERT … SELECT FROM unnest(…) per chunk.
 *
 * Usage: tsx bench/lists/generate-clients.ts <DATABASE_URL> [N] [seed]
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { cnpj, cpf } from '../../src/shared/br/documents.js';
import { cnpjFrom, cpfFrom } from '../../src/server/testing/documents.js';

const FIRST_NAMES = [
  'João',
  'José',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Sebastião',
  'Fábio',
  'Márcio',
  'Flávio',
  'Vinícius',
  'Caio',
  'Otávio',
  'Inácio',
  'Cícero',
  'Benedito',
  'Joaquim',
  'Thiago',
  'André',
  'Sérgio',
  'Rogério',
  'Cláudio',
  'Élcio',
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Júlia',
  'Luciana',
  'Vanessa',
  'Mariana',
  'Gabriela',
  'Vera',
  'Conceição',
  'Aparecida',
  'Luzia',
  'Tânia',
  'Cecília',
  'Lúcia',
  'Mônica',
  'Débora',
  'Bárbara',
  'Helena',
  'Fátima',
  'Graça',
  'Irene',
  'Zélia',
  'Inês',
];

const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Conceição',
  'Patrício',
  'Assunção',
  'Brandão',
  'Simões',
  'Magalhães',
  'Guimarães',
  'Falcão',
  'Romão',
  'Estêvão',
  'Calixto',
  'Antunes',
  'Peçanha',
  'Sampaio',
  'Sá',
  'Quintão',
  'Bragança',
];

const COMPANY_PREFIXES = [
  'Confecções',
  'Malharia',
  'Tecelagem',
  'Indústria Têxtil',
  'Comércio de Tecidos',
  'Armarinhos',
  'Distribuidora',
  'Ateliê',
  'Moda',
  'Calçados',
  'Bordados',
  'Estamparia',
  'Lavanderia Industrial',
  'Aviamentos',
  'Uniformes',
  'Boutique',
  'Magazine',
  'Lojas',
];

const COMPANY_WORDS = [
  'Aurora',
  'São Jorge',
  'Santa Rita',
  'Horizonte',
  'Boa Vista',
  'Primavera',
  'Estrela do Sul',
  'Nossa Senhora Aparecida',
  'Ipê Amarelo',
  'Bandeirantes',
  'Itaú',
  'Paraná',
  'Mantiqueira',
  'Vale Verde',
  'Araucária',
  'Jequitibá',
  'Pérola',
  'Três Irmãos',
  'Cristal',
  'Guaraná',
  'Sertão',
  'Açaí',
  'Maracujá',
  'Piracicaba',
  'São João',
  'Santa Luzia',
  'Imperial',
  'Tropical',
  'Atlântico',
];

const COMPANY_SUFFIXES = ['Ltda.', 'Ltda.', 'Ltda.', 'ME', 'EPP', 'S.A.', 'EIRELI'];

/** [city, UF, DDD, first CEP, last CEP] — real cities, their area codes and CEP ranges. */
const CITIES: [string, string, number, number, number][] = [
  ['São Paulo', 'SP', 11, 1000000, 5999999],
  ['Guarulhos', 'SP', 11, 7000000, 7399999],
  ['Santo André', 'SP', 11, 9000000, 9299999],
  ['Campinas', 'SP', 19, 13000000, 13139999],
  ['Americana', 'SP', 19, 13465000, 13479999],
  ['Ribeirão Preto', 'SP', 16, 14000000, 14114999],
  ['Rio de Janeiro', 'RJ', 21, 20000000, 23799999],
  ['Nova Friburgo', 'RJ', 22, 28600000, 28639999],
  ['Belo Horizonte', 'MG', 31, 30000000, 31999999],
  ['Divinópolis', 'MG', 37, 35500000, 35509999],
  ['Uberlândia', 'MG', 34, 38400000, 38414999],
  ['Juiz de Fora', 'MG', 32, 36000000, 36099999],
  ['Vitória', 'ES', 27, 29000000, 29099999],
  ['Curitiba', 'PR', 41, 80000000, 82999999],
  ['Maringá', 'PR', 44, 87000000, 87099999],
  ['Londrina', 'PR', 43, 86000000, 86099999],
  ['Florianópolis', 'SC', 48, 88000000, 88099999],
  ['Blumenau', 'SC', 47, 89000000, 89099999],
  ['Joinville', 'SC', 47, 89200000, 89239999],
  ['Jaraguá do Sul', 'SC', 47, 89250000, 89269999],
  ['Brusque', 'SC', 47, 88350000, 88364999],
  ['Porto Alegre', 'RS', 51, 90000000, 91999999],
  ['Caxias do Sul', 'RS', 54, 95000000, 95099999],
  ['Salvador', 'BA', 71, 40000000, 42599999],
  ['Recife', 'PE', 81, 50000000, 52999999],
  ['Caruaru', 'PE', 81, 55000000, 55099999],
  ['Fortaleza', 'CE', 85, 60000000, 61599999],
  ['Natal', 'RN', 84, 59000000, 59139999],
  ['João Pessoa', 'PB', 83, 58000000, 58099999],
  ['Maceió', 'AL', 82, 57000000, 57099999],
  ['Aracaju', 'SE', 79, 49000000, 49099999],
  ['Teresina', 'PI', 86, 64000000, 64099999],
  ['São Luís', 'MA', 98, 65000000, 65099999],
  ['Belém', 'PA', 91, 66000000, 66999999],
  ['Manaus', 'AM', 92, 69000000, 69099999],
  ['Macapá', 'AP', 96, 68900000, 68914999],
  ['Boa Vista', 'RR', 95, 69300000, 69339999],
  ['Porto Velho', 'RO', 69, 76800000, 76834999],
  ['Rio Branco', 'AC', 68, 69900000, 69923999],
  ['Palmas', 'TO', 63, 77000000, 77249999],
  ['Brasília', 'DF', 61, 70000000, 72799999],
  ['Goiânia', 'GO', 62, 74000000, 74899999],
  ['Campo Grande', 'MS', 67, 79000000, 79129999],
  ['Cuiabá', 'MT', 65, 78000000, 78099999],
];

const STREETS = [
  'Rua das Flores',
  'Avenida Brasil',
  'Rua Sete de Setembro',
  'Rua XV de Novembro',
  'Avenida Getúlio Vargas',
  'Rua Dom Pedro II',
  'Rua Barão do Rio Branco',
  'Rua Tiradentes',
  'Rua São José',
  'Rua Marechal Deodoro',
  'Travessa da Paz',
  'Rua Santos Dumont',
  'Avenida Independência',
  'Rua Visconde de Mauá',
  'Rua Padre Anchieta',
  'Alameda dos Ipês',
  'Rua Conselheiro Antônio Prado',
  'Avenida João Pessoa',
  'Rua Joaquim Nabuco',
  'Rua da Conceição',
];

const DISTRICTS = [
  'Centro',
  'Jardim América',
  'Vila Nova',
  'Boa Vista',
  'Santa Cruz',
  'São Cristóvão',
  'Distrito Industrial',
  'Bela Vista',
  'Jardim das Flores',
  'Vila Operária',
  'Santo Antônio',
  'Glória',
  'Vila São João',
  'Parque São Jorge',
];

const EMAIL_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'outlook.com',
  'yahoo.com.br',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
];

/** mulberry32: small, fast and good enough for test data; the seed makes it repeatable. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

/**
 * The documents of row `index`: an affine map modulo 10^9 (10^8 for CNPJ roots) is a bijection,
 * so every index has its own CPF and CNPJ, scattered like real ones. Indexes from N on give
 * documents that no generated row has (the benchmark's import uses them).
 */
export function cpfFor(index: number): string {
  const base = String((index * 387_420_489 + 123_456_789) % 1_000_000_000).padStart(9, '0');
  const document = cpfFrom(base);
  if (!cpf.isValid(document)) throw new Error(`CPF inválido gerado para ${index}: ${document}`);
  return document;
}

export function cnpjFor(index: number): string {
  const root = String((index * 31_622_777 + 12_345_678) % 100_000_000).padStart(8, '0');
  const document = cnpjFrom(`${root}0001`);
  if (!cnpj.isValid(document)) throw new Error(`CNPJ inválido gerado para ${index}: ${document}`);
  return document;
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');

export interface GeneratedClient {
  personType: 'F' | 'J';
  name: string;
  tradeName: string | null;
  document: string;
  stateRegistration: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  address: {
    zipCode: string;
    street: string;
    number: string;
    complement: string | null;
    district: string;
    city: string;
    state: string;
  };
  creditLimit: string | null;
  notes: string | null;
  active: boolean;
}

export function generateClient(index: number, random: ReturnType<typeof prng>): GeneratedClient {
  const isPerson = random.chance(0.7);
  const [city, state, ddd, firstCep, lastCep] = random.pick(CITIES);
  let name: string;
  let tradeName: string | null = null;
  let email: string;
  if (isPerson) {
    const first = random.pick(FIRST_NAMES);
    const middle = random.chance(0.5) ? ` ${random.pick(SURNAMES)}` : '';
    const last = random.pick(SURNAMES);
    const particle = random.chance(0.3) ? ' da' : random.chance(0.15) ? ' dos' : '';
    name = `${first}${particle}${middle} ${last}`;
    email = `${ascii(first)}.${ascii(last)}${random.int(1, 999)}@${random.pick(EMAIL_DOMAINS)}`;
  } else {
    const word = random.pick(COMPANY_WORDS);
    const prefix = random.pick(COMPANY_PREFIXES);
    name = random.chance(0.25)
      ? `${random.pick(SURNAMES)} & ${random.pick(SURNAMES)} ${prefix} ${random.pick(COMPANY_SUFFIXES)}`
      : `${prefix} ${word} ${random.pick(COMPANY_SUFFIXES)}`;
    tradeName = `${prefix} ${word}`;
    email = `contato@${ascii(`${prefix}${word}`).replace(/\./g, '')}.com.br`;
  }
  const landline = `${ddd}${random.int(2, 5)}${String(random.int(0, 9_999_999)).padStart(7, '0')}`;
  const mobile = `${ddd}9${String(random.int(60_000_000, 99_999_999))}`;
  return {
    personType: isPerson ? 'F' : 'J',
    name,
    tradeName,
    document: isPerson ? cpfFor(index) : cnpjFor(index),
    stateRegistration: isPerson
      ? null
      : random.chance(0.2)
        ? 'ISENTO'
        : String(random.int(100_000_000, 999_999_999_999)),
    email: random.chance(0.85) ? email : null,
    phone: random.chance(isPerson ? 0.4 : 0.95) ? landline : null,
    mobile: random.chance(isPerson ? 0.9 : 0.5) ? mobile : null,
    address: {
      zipCode: String(random.int(firstCep, lastCep)).padStart(8, '0'),
      street: random.pick(STREETS),
      number: String(random.int(1, 4999)),
      complement: random.chance(0.3)
        ? random.pick(['Sala 2', 'Apto 101', 'Fundos', 'Galpão 3', 'Bloco B'])
        : null,
      district: random.pick(DISTRICTS),
      city,
      state,
    },
    creditLimit: random.chance(0.6) ? `${random.int(5, 500) * 100}.00` : null,
    notes: random.chance(0.1) ? 'Cliente desde a feira de 2019; prefere boleto.' : null,
    active: random.chance(0.92),
  };
}

const COLUMNS = [
  ['person_type', 'text'],
  ['name', 'text'],
  ['trade_name', 'text'],
  ['document', 'text'],
  ['state_registration', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['mobile', 'text'],
  ['address', 'jsonb'],
  ['credit_limit', 'numeric'],
  ['notes', 'text'],
  ['active', 'boolean'],
] as const;

function columnValues(rows: GeneratedClient[]): unknown[][] {
  return [
    rows.map((r) => r.personType),
    rows.map((r) => r.name),
    rows.map((r) => r.tradeName),
    rows.map((r) => r.document),
    rows.map((r) => r.stateRegistration),
    rows.map((r) => r.email),
    rows.map((r) => r.phone),
    rows.map((r) => r.mobile),
    rows.map((r) => JSON.stringify(r.address)),
    rows.map((r) => r.creditLimit),
    rows.map((r) => r.notes),
    rows.map((r) => r.active),
  ];
}

/**
 * Inserts `count` clients (indexes `firstIndex`…`firstIndex + count - 1`, from 0 by default);
 * answers how long it took in ms. Generators that share one database give each their own
 * `firstIndex`, so their documents differ (clients_document_key).
 */
export async function generateClients(
  databaseUrl: string,
  count = 100_000,
  options: {
    seed?: number;
    chunkSize?: number;
    firstIndex?: number;
    log?: (message: string) => void;
  } = {},
): Promise<number> {
  const random = prng(options.seed ?? 20_250_101);
  const firstIndex = options.firstIndex ?? 0;
  const chunkSize = options.chunkSize ?? 5000;
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'fabril-bench' });
  await client.connect();
  const started = performance.now();
  try {
    const columns = COLUMNS.map(([name]) => name).join(', ');
    const unnest = COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    await client.query('BEGIN');
    for (let start = 0; start < count; start += chunkSize) {
      const rows: GeneratedClient[] = [];
      for (let i = start; i < Math.min(start + chunkSize, count); i++) {
        rows.push(generateClient(firstIndex + i, random));
      }
      await client.query(
        `INSERT INTO clients (${columns}) SELECT * FROM unnest(${unnest})`,
        columnValues(rows),
      );
      options.log?.(`  ${Math.min(start + chunkSize, count).toLocaleString('pt-BR')} clientes`);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return performance.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url = process.env.DATABASE_URL, count = '100000', seed = '20250101'] =
    process.argv.slice(2);
  if (!url) {
    console.error('Uso: tsx bench/lists/generate-clients.ts <DATABASE_URL> [N] [semente]');
    process.exit(2);
  }
  const ms = await generateClients(url, Number(count), { seed: Number(seed), log: console.log });
  console.log(
    `${Number(count).toLocaleString('pt-BR')} clientes gerados em ${(ms / 1000).toFixed(1)} s`,
  );
}
