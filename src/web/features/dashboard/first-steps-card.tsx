import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Progress, Typography } from 'antd';
import { Link } from 'react-router';
import { firstSteps, type FirstStepKey } from '../../../shared/resources/first-steps.js';
import { paths } from '../../lib/paths.js';
import { firstStepsQuery } from './first-steps-query.js';

/** Where each step is done: the company's screen, a new client, a new product. */
const stepPaths: Record<FirstStepKey, string> = {
  company: paths.company,
  client: `${paths.clients}/new`,
  product: `${paths.products}/new`,
};

/**
 * "Primeiros passos": the steps of a new company that the user may do, each a link to its screen
 * and ticked once done. Shown until every one of them is done.
 */
export function FirstStepsCard() {
  const { data } = useQuery(firstStepsQuery());
  const steps = data?.steps ?? [];
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;

  return (
    <Card title="Primeiros passos" style={{ marginTop: 16 }} data-testid="first-steps">
      <Typography.Paragraph type="secondary">
        O Fabril já vem com unidades, formas de pagamento, o Caixa e um local de estoque. Complete o
        cadastro para começar.
      </Typography.Paragraph>
      <Progress
        percent={Math.round((done / steps.length) * 100)}
        format={() => `${done} de ${steps.length}`}
        aria-label="Passos concluídos"
      />
      <Flex vertical gap={4} style={{ marginTop: 8 }}>
        {steps.map((step) => (
          <Link
            key={step.key}
            to={stepPaths[step.key]}
            data-testid={`first-step-${step.key}`}
            data-done={step.done}
            style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 0' }}
          >
            {step.done ? (
              <CheckCircleFilled
                aria-label="Concluído"
                style={{ color: '#389e0d', fontSize: 20 }}
              />
            ) : (
              <span
                role="img"
                aria-label="A fazer"
                style={{
                  width: 20,
                  height: 20,
                  borderRadius: '50%',
                  border: '2px solid #bfbfbf',
                  flex: 'none',
                }}
              />
            )}
            <Typography.Text delete={step.done} type={step.done ? 'secondary' : undefined}>
              {firstSteps[step.key].label}
            </Typography.Text>
            {!step.done && <RightOutlined style={{ marginLeft: 'auto' }} />}
          </Link>
        ))}
      </Flex>
    </Card>
  );
}
