import { InfoCircleOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  DashboardCardKey,
  DashboardCards as Cards,
  DashboardLink,
  OpenBillsCard,
} from '../../../shared/resources/dashboard.js';
import { BigMoney } from './big-money.js';
import { linkPath } from './dashboard-query.js';

/** Each card's title and the date basis its tooltip says (DOMAIN §13). */
const cardTexts: Record<DashboardCardKey, { title: string; basis: string }> = {
  revenue: {
    title: 'Faturamento do mês',
    basis:
      'Notas fiscais de saída autorizadas pela SEFAZ (sem as canceladas), pela data de emissão, do dia 1º até hoje; comparado com o mês passado do dia 1º até o mesmo dia.',
  },
  ordersToDeliver: {
    title: 'Pedidos a entregar',
    basis:
      'Pedidos aprovados e faturados parcialmente, hoje; o valor é o que falta faturar. Em risco: entrega prevista em até 7 dias (ou já atrasada) e o que falta (além do reservado) não é coberto pelo estoque livre do local do pedido, pelas OPs dele no prazo que terminam até a entrega, nem pelas compras dele previstas até a entrega.',
  },
  productionInProgress: {
    title: 'OPs em produção',
    basis: 'Ordens de produção iniciadas e ainda não concluídas, hoje.',
  },
  productionLate: {
    title: 'OPs atrasadas',
    basis: 'Ordens planejadas ou em produção com término previsto antes de hoje.',
  },
  receivables: {
    title: 'A receber',
    basis:
      'Valor em aberto das contas a receber pela data de vencimento: vencidas (até ontem), vencendo hoje e nos próximos 7 dias.',
  },
  payables: {
    title: 'A pagar',
    basis:
      'Valor em aberto das contas a pagar pela data de vencimento: vencidas (até ontem), vencendo hoje e nos próximos 7 dias.',
  },
  accountsBalance: {
    title: 'Saldo em contas',
    basis: 'Saldo inicial mais todos os lançamentos das contas-correntes ativas, até hoje.',
  },
  belowMinimum: {
    title: 'Itens abaixo do mínimo',
    basis: 'Itens cujo estoque somado em todos os locais, hoje, está abaixo do estoque mínimo.',
  },
};

function MetricCard({
  name,
  link,
  figure,
  children,
}: {
  name: DashboardCardKey;
  link: DashboardLink;
  figure: ReactNode;
  children?: ReactNode;
}) {
  const { title, basis } = cardTexts[name];
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      data-testid={`dashboard-card-${name}`}
      title={
        <Flex gap={8} align="center">
          <span style={{ whiteSpace: 'normal' }}>{title}</span>
          <Tooltip title={basis}>
            <InfoCircleOutlined aria-label={basis} style={{ color: '#8c8c8c' }} />
          </Tooltip>
        </Flex>
      }
    >
      <Link to={linkPath(link)} data-testid={`dashboard-link-${name}`} style={{ fontSize: 24 }}>
        {figure}
      </Link>
      {children && <div style={{ marginTop: 4 }}>{children}</div>}
    </Card>
  );
}

/** A secondary figure of a card, itself a link when its rows are a list of their own. */
function Line({
  label,
  link,
  testId,
  children,
}: {
  label: string;
  link?: DashboardLink;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Flex justify="space-between" align="center" gap={8}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {link ? (
        // At least 24 px high: the lines are stacked, and a smaller target is easy to miss.
        <Link
          to={linkPath(link)}
          data-testid={testId}
          style={{ display: 'inline-block', minHeight: 24, lineHeight: '24px' }}
        >
          {children}
        </Link>
      ) : (
        <span>{children}</span>
      )}
    </Flex>
  );
}

function BillsLines({ card }: { card: OpenBillsCard }) {
  return (
    <>
      <Line label="Vencidas" link={card.overdue.link}>
        <BigMoney value={card.overdue.amount} />
      </Line>
      <Line label="Hoje" link={card.today.link}>
        <BigMoney value={card.today.amount} />
      </Line>
      <Line label="Próximos 7 dias" link={card.next7Days.link}>
        <BigMoney value={card.next7Days.amount} />
      </Line>
    </>
  );
}

const count = (n: number) => n.toLocaleString('pt-BR');

/** The cards the user may see, in a grid: four a row on a wide screen, one on a phone. */
export function DashboardCards({ cards }: { cards: Cards }) {
  const shown: ReactNode[] = [];
  const { revenue, ordersToDeliver } = cards;
  if (revenue) {
    shown.push(
      <MetricCard
        key="revenue"
        name="revenue"
        link={revenue.current.link}
        figure={<BigMoney value={revenue.current.amount} />}
      >
        <Line label="Mês passado até hoje" link={revenue.previous.link}>
          <BigMoney value={revenue.previous.amount} />
        </Line>
      </MetricCard>,
    );
  }
  if (ordersToDeliver) {
    shown.push(
      <MetricCard
        key="ordersToDeliver"
        name="ordersToDeliver"
        link={ordersToDeliver.link}
        figure={count(ordersToDeliver.count)}
      >
        <Line label="A faturar">
          <BigMoney value={ordersToDeliver.notInvoiced} />
        </Line>
        <Line label="Em risco" link={ordersToDeliver.atRisk.link} testId="dashboard-link-atRisk">
          <Typography.Text type={ordersToDeliver.atRisk.count > 0 ? 'danger' : undefined}>
            {count(ordersToDeliver.atRisk.count)}
          </Typography.Text>
        </Line>
      </MetricCard>,
    );
  }
  for (const name of ['productionInProgress', 'productionLate', 'belowMinimum'] as const) {
    const card = cards[name];
    if (card)
      shown.push(<MetricCard key={name} name={name} link={card.link} figure={count(card.count)} />);
  }
  for (const name of ['receivables', 'payables'] as const) {
    const card = cards[name];
    if (card)
      shown.push(
        <MetricCard
          key={name}
          name={name}
          link={card.total.link}
          figure={<BigMoney value={card.total.amount} />}
        >
          <BillsLines card={card} />
        </MetricCard>,
      );
  }
  if (cards.accountsBalance) {
    shown.push(
      <MetricCard
        key="accountsBalance"
        name="accountsBalance"
        link={cards.accountsBalance.link}
        figure={<BigMoney value={cards.accountsBalance.amount} />}
      />,
    );
  }
  if (shown.length === 0) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {shown.map((card) => (
        <Col key={(card as { key: string }).key} xs={24} sm={12} lg={6}>
          {card}
        </Col>
      ))}
    </Row>
  );
}
