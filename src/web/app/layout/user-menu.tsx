import { DownOutlined, LogoutOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { usePermission, useSession } from '../../lib/session.js';
import { paths } from '../paths.js';

/**
 * The user's e-mail on the right of the header, opening "Minha conta", "Empresa" (for whoever may
 * change the company, i.e. administrators) and "Sair". Signing out is a visit to the login page,
 * which ends the session when it opens (features/account/login-page.tsx), so a form with unsaved
 * changes still gets to ask before the user leaves.
 */
export function UserMenu({ compact }: { compact: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const canEditCompany = usePermission('company:write');

  const items: MenuProps['items'] = [
    { key: paths.account, icon: <UserOutlined />, label: 'Minha conta' },
    ...(canEditCompany ? [{ key: paths.company, icon: <ShopOutlined />, label: 'Empresa' }] : []),
    { type: 'divider' },
    { key: paths.login, icon: <LogoutOutlined />, label: 'Sair' },
  ];

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick: ({ key }) => navigate(key) }}
    >
      <Button type="text" data-testid="user-menu" style={{ maxWidth: compact ? '45vw' : 320 }}>
        <UserOutlined />
        <span
          style={{
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            minWidth: 0,
          }}
        >
          {user?.email}
        </span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
