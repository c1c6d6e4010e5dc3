import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.js';

/** DOMAIN §14: /not-found and every path the app does not know. */
export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404"
      subTitle="Não tem nada aqui :("
      extra={
        <Link to={paths.dashboard}>
          <Button type="primary">Voltar ao início</Button>
        </Link>
      }
    />
  );
}
