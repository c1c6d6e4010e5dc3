import { useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { companyQuery } from '../../lib/company-query.js';
import { usePermission, useSession } from '../../lib/session.js';
import { FirstStepsCard } from './first-steps-card.js';

/**
 * /dashboard, the start page. It greets the user and, while a new company still lacks its data,
 * its first client or its first product, lists those first steps; the metrics and charts of
 * DOMAIN §13 arrive with the areas they summarise.
 */
export function DashboardPage() {
  const { user } = useSession();
  const canReadCompany = usePermission('company:read');
  const { data: company } = useQuery({ ...companyQuery(), enabled: canReadCompany });
  const companyName = company ? company.tradeName || company.legalName : null;

  return (
    <>
      <Typography.Title level={2} style={{ marginBottom: 4 }}>
        Olá, {user?.name}!
      </Typography.Title>
      {companyName && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
          {companyName}
        </Typography.Paragraph>
      )}
      <FirstStepsCard />
      <Card style={{ marginTop: 16 }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Bem-vindo ao Fabril. Os indicadores da empresa aparecerão aqui.
        </Typography.Paragraph>
      </Card>
    </>
  );
}
