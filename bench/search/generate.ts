/**
 * Fills an empty database for the search benchmark: 100,000 clients (bench/lists' generator),
 * then, in a handful of set-based statements, 5,000 suppliers (every 20th client's name and
 * document), 3,000 products and 3,000 feedstocks, 5,000 each of sales, purchase and production
 * orders (numbers 1…5,000), 5,000 issued invoices (numbers 1…5,000, a 44-digit key each) and
 * 20,000 bills, half to pay, half to receive, with document numbers "NF-…", "BOL-…", "DUP-…".
 * Only the columns a search reads are meaningful; the rest are valid, not believable.
 *
 * Usage: tsx bench/search/generate.ts <DATABASE_URL> [clients] [others]
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { generateClients } from '../lists/generate-clients.js';

/**
 * Invoice `n`'s access key, laid out as a real one (UF 35, a month, the company's CNPJ, model 55,
 * series 001, the number, emission type 1, a code, a check digit 0 that is not computed).
 */
const KEY_PREFIX = '3526111122233300018155001';
export const accessKeyOf = (n: number) =>
  `${KEY_PREFIX}${String(n).padStart(9, '0')}1${String(n).padStart(8, '0')}0`;

export async function generateSearchData(
  databaseUrl: string,
  options: { clients?: number; others?: number; log?: (message: string) => void } = {},
) {
  const clients = options.clients ?? 100_000;
  const others = options.others ?? 5000;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  await generateClients(databaseUrl, clients);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'fabril-bench' });
  await client.connect();
  try {
    log('  fornecedores, itens, pedidos, notas e contas...');
    await client.query('BEGIN');
    await client.query(`
      INSERT INTO suppliers (person_type, name, trade_name, document, email, address)
      SELECT person_type, name, trade_name, document, email, address FROM clients
      WHERE id % 20 = 0 LIMIT ${others};
      INSERT INTO items (kind, origin, code, name, barcode, unit_id)
      SELECT kind, CASE WHEN kind = 'PRODUCT' THEN 'MANUFACTURED' END,
        CASE WHEN kind = 'PRODUCT' THEN 'PA-' ELSE 'MP-' END || lpad(i::text, 5, '0'),
        (ARRAY['Camiseta Básica', 'Calça Jeans', 'Vestido Midi', 'Tecido Malha Algodão',
          'Botão de Poliéster', 'Zíper Metálico', 'Linha de Costura', 'Etiqueta Bordada'])
          [1 + i % 8] || ' ' || i,
        '789' || lpad(i::text, 10, '0'), (SELECT min(id) FROM units_of_measurement)
      FROM generate_series(1, ${(others * 6) / 5}) i,
        LATERAL (SELECT CASE WHEN i % 2 = 0 THEN 'PRODUCT' ELSE 'FEEDSTOCK' END AS kind) k;
    `);
    const location = `(SELECT id FROM stock_locations WHERE is_default)`;
    const category = (kind: string) =>
      `(SELECT min(id) FROM financial_categories WHERE kind = '${kind}')`;
    await client.query(`
      INSERT INTO requested_orders (number, client_id, order_date, location_id, category_id)
      SELECT i, 1 + (i * 7919) % ${clients}, current_date - i % 700, ${location},
        ${category('INCOME')} FROM generate_series(1, ${others}) i;
      INSERT INTO purchase_orders (number, supplier_id, order_date, location_id, category_id)
      SELECT i, (SELECT min(id) FROM suppliers) + i % ${others}, current_date - i % 700,
        ${location}, ${category('EXPENSE')} FROM generate_series(1, ${others}) i;
      INSERT INTO production_orders
        (number, product_id, quantity, source_location_id, target_location_id, planned_start)
      SELECT i, (SELECT min(id) FROM items WHERE kind = 'PRODUCT') + 2 * (i % 100), 10,
        ${location}, ${location}, current_date - i % 700 FROM generate_series(1, ${others}) i;
      INSERT INTO invoices (number, series, direction, purpose, fiscal_operation_id, issue_date,
        client_id, totals, access_key, xml, status, sefaz_status, protocol, protocol_xml)
      SELECT i, 1, 'OUT', 'NORMAL', (SELECT min(id) FROM fiscal_operations),
        current_date - i % 700, 1 + (i * 104729) % ${clients}, '{}',
        '${KEY_PREFIX}' || lpad(i::text, 9, '0') || '1' || lpad(i::text, 8, '0') || '0',
        '<nfeProc/>',
        'ISSUED', 'AUTHORIZED', '135' || lpad(i::text, 12, '0'), '<protNFe/>'
      FROM generate_series(1, ${others}) i;
      INSERT INTO bills (kind, supplier_id, client_id, description, document_number, issue_date,
        due_date, competence_date, amount, category_id)
      SELECT CASE WHEN i % 2 = 0 THEN 'PAY' ELSE 'RECEIVE' END,
        CASE WHEN i % 2 = 0 THEN (SELECT min(id) FROM suppliers) + i % ${others} END,
        CASE WHEN i % 2 = 1 THEN 1 + (i * 7919) % ${clients} END,
        (ARRAY['Compra de tecido', 'Aluguel do galpão', 'Venda a prazo', 'Energia elétrica'])
          [1 + i % 4] || ' ' || i,
        (ARRAY['NF-', 'BOL-', 'DUP-'])[1 + i % 3] || i,
        current_date - i % 700, current_date - i % 700 + 30, current_date - i % 700, 100 + i % 900,
        CASE WHEN i % 2 = 0 THEN ${category('EXPENSE')} ELSE ${category('INCOME')} END
      FROM generate_series(1, ${others * 4}) i;
    `);
    await client.query('COMMIT');
    await client.query('VACUUM (ANALYZE)');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return performance.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url = process.env.DATABASE_URL, clients = '100000', others = '5000'] =
    process.argv.slice(2);
  if (!url) {
    console.error('Uso: tsx bench/search/generate.ts <DATABASE_URL> [clientes] [outros]');
    process.exit(2);
  }
  const ms = await generateSearchData(url, {
    clients: Number(clients),
    others: Number(others),
    log: console.log,
  });
  console.log(`Dados gerados em ${(ms / 1000).toFixed(1)} s`);
}
