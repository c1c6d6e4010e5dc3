import { DownOutlined, LogoutOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, type MenuProps } from 'antd';
import { Link, useNavigate } from 'react-router';
import { usePermission, useSession } from '../../lib/session.js';
import { paths } from '../../lib/paths.js';

/**
 * The right of the header (DOMAIN §14): the user's e-mail, opening "Minha conta" and "Empresa"
 * (for whoever may change the company, i.e. administrators), and beside it a visible "Sair".
 */
export function UserMenu({ compact }: { compact: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const canEditCompany = usePermission('company:write');

  const items: MenuProps['items'] = [
    { key: paths.account, icon: <UserOutlined />, label: 'Minha conta' },
    ...(canEditCompany ? [{ key: paths.company, icon: <ShopOutlined />, label: 'Empresa' }] : []),
  ];

  return (
    <Flex align="center" gap={compact ? 4 : 12} style={{ minWidth: 0 }}>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{ items, onClick: ({ key }) => navigate(key) }}
      >
        <Button
          type="text"
          data-testid="user-menu"
          style={{ maxWidth: compact ? '40vw' : 320, paddingInline: compact ? 4 : undefined }}
        >
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
      <SignOutLink />
    </Flex>
  );
}

/**
 * "Sair". Signing out is a visit to the login page, which ends the session when it opens
 * (features/account/login-page.tsx), so a form with unsaved changes still gets to ask before the
 * user leaves.
 */
export function SignOutLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to={paths.login}
      onClick={onNavigate}
      data-testid="sign-out"
      style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {/* Hidden from screen readers, whose name for the link is then just "Sair". */}
      <LogoutOutlined aria-hidden /> Sair
    </Link>
  );
}
