import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Select, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { ExportButtons } from '../../components/export-buttons.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { incomeStatementApi, incomeStatementKeys } from './api.js';
import { IncomeStatementChart } from './income-statement-chart.js';
import { IncomeStatementTable } from './income-statement-table.js';

/** The URL's year when it is one the API takes, this year otherwise. */
function readYear(search: URLSearchParams, currentYear: number): number {
  const text = search.get('year') ?? '';
  const year = Number(text);
  return /^\d{4}$/.test(text) && year >= 1900 ? year : currentYear;
}

/**
 * DRE gerencial (DOMAIN §9): the year's income and expenses by competence, per month, in the
 * groups of the chart of accounts, with the results between them.
 */
export function IncomeStatementPage() {
  const currentYear = Number(todayInSaoPaulo().slice(0, 4));
  const [search, setSearch] = useSearchParams();
  const year = readYear(search, currentYear);
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const years = new Set<number>([year]);
  for (let offset = -5; offset <= 1; offset += 1) years.add(currentYear + offset);

  const report = useQuery({
    queryKey: incomeStatementKeys.year(year),
    queryFn: ({ signal }) => incomeStatementApi.get(year, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={2} style={{ margin: 0 }}>
            DRE gerencial
          </Typography.Title>
          <Typography.Text type="secondary">
            Receitas e despesas pelo mês de competência; valores em R$.
          </Typography.Text>
        </div>
        <Flex gap={8} wrap>
          <ExportButtons
            definition={{ path: 'income-statement', label: 'DRE gerencial' }}
            params={{ page: 1, pageSize: 20, sort: '', q: '', filters: { year: String(year) } }}
          />
        </Flex>
      </Flex>

      <Select<number>
        aria-label="Ano"
        prefix="Ano"
        value={year}
        style={{ width: 140 }}
        options={[...years].sort().map((value) => ({ value, label: String(value) }))}
        onChange={(value) =>
          setSearch((current) => {
            const next = new URLSearchParams(current);
            next.set('year', String(value));
            return next;
          })
        }
        data-testid="income-statement-year"
      />

      {report.data && <IncomeStatementChart report={report.data} small={small} />}
      <IncomeStatementTable report={report.data} loading={report.isFetching} small={small} />
    </Flex>
  );
}
