/**
 * The issued invoices of bench:sales' orders, for the dashboard's revenue figures, in one
 * set-based statement: every order INVOICED or DELIVERED gets one issued OUT invoice of its total,
 * every PARTIALLY_INVOICED one of half its total, dated on its delivery date (today when that is
 * still ahead), of its client and location. Series 889 keeps the numbers apart from the ones the
 * application draws.
 *
 * The columns the dashboard reads are meaningful (status, direction, issue date, total, the order);
 * the rest only satisfies the table's checks: no lines, a placeholder XML and access key, no stock
 * movements (the gross margin's cost is zero) and no bills.
 */
import pg from 'pg';

export async function generateInvoices(databaseUrl: string, today: string) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'fabril-bench' });
  await client.connect();
  try {
    const result = await client.query(
      `WITH chosen AS (
         SELECT o.*, row_number() OVER (ORDER BY o.id) AS n,
           least(o.delivery_date, $1::date) AS day,
           CASE o.status WHEN 'PARTIALLY_INVOICED' THEN round(o.total / 2, 2) ELSE o.total END
             AS amount
         FROM requested_orders o
         WHERE o.status IN ('INVOICED', 'DELIVERED', 'PARTIALLY_INVOICED')
       )
       INSERT INTO invoices (number, series, direction, purpose, fiscal_operation_id, issue_date,
         client_id, location_id, payment_method_id, category_id, totals, total,
         requested_order_id, access_key, xml, issued_at, status, sefaz_status, protocol,
         protocol_xml, created_at, updated_at, created_by, updated_by)
       SELECT n, 889, 'OUT', 'NORMAL',
         (SELECT id FROM fiscal_operations WHERE direction = 'OUT' AND purpose = 'NORMAL'
          ORDER BY id LIMIT 1),
         day, client_id, location_id, payment_method_id, category_id,
         jsonb_build_object('productsTotal', amount::text, 'discount', '0.00', 'freight', '0.00',
           'icmsBase', '0.00', 'icmsTotal', '0.00', 'ipiTotal', '0.00', 'pisTotal', '0.00',
           'cofinsTotal', '0.00', 'ibsTotal', '0.00', 'cbsTotal', '0.00', 'total', amount::text),
         amount, id, lpad(n::text, 44, '0'), '<NFe/>',
         (day + time '10:00') AT TIME ZONE 'America/Sao_Paulo', 'ISSUED', 'AUTHORIZED',
         '135' || lpad(n::text, 12, '0'), '<protNFe/>',
         (day + time '10:00') AT TIME ZONE 'America/Sao_Paulo',
         (day + time '10:00') AT TIME ZONE 'America/Sao_Paulo', created_by, created_by
       FROM chosen ORDER BY n`,
      [today],
    );
    await client.query('VACUUM (ANALYZE) invoices');
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
