import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.js';

/** DOMAIN §14: any 403 of the API, or a screen of an area the role may not read, ends here. */
export function AccessDeniedPage() {
  return (
    <Result
      status="403"
      title="401"
      subTitle="Acesso negado :("
      extra={
        <Link to={paths.dashboard}>
          <Button type="primary">Voltar ao início</Button>
        </Link>
      }
    />
  );
}
