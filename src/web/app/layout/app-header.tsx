import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Layout, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { SearchBox } from '../../features/search/search-box.js';
import { useSession } from '../../lib/session.js';
import { visibleMenu } from '../menu.js';
import { paths } from '../../lib/paths.js';
import { MainMenu } from './main-menu.js';
import { SignOutLink, UserMenu } from './user-menu.js';

/**
 * The top bar: logo, the business menu (a drawer below 768 px), "Buscar" (Ctrl+K) and the user
 * menu with "Sair". The drawer ends with the user's e-mail and "Sair" too, so signing out is in
 * reach from it.
 */
export function AppHeader() {
  const { user } = useSession();
  const wide = useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const groups = visibleMenu(user);

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: wide ? 24 : 8,
        borderBottom: '1px solid #e8e8e8',
        position: 'sticky',
        top: 0,
        zIndex: 100,
      }}
    >
      {!wide && (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label="Abrir menu"
          data-testid="menu-drawer-button"
          onClick={() => setDrawerOpen(true)}
        />
      )}
      <Link to={paths.dashboard} aria-label="Fabril — início" style={{ flexShrink: 0 }}>
        <Typography.Text strong style={{ fontSize: 20, color: '#1f5fa8' }}>
          Fabril
        </Typography.Text>
      </Link>
      {wide && groups.length > 0 ? (
        <MainMenu groups={groups} mode="horizontal" />
      ) : (
        <div style={{ flex: 1 }} />
      )}
      <SearchBox compact={!wide} />
      <UserMenu compact={!wide} />
      {!wide && (
        <Drawer
          title="Fabril"
          placement="left"
          size={280}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          styles={{ body: { padding: 0 } }}
          footer={
            <Flex align="center" justify="space-between" gap={8}>
              <Typography.Text type="secondary" ellipsis>
                {user?.email}
              </Typography.Text>
              <SignOutLink onNavigate={() => setDrawerOpen(false)} />
            </Flex>
          }
        >
          {groups.length > 0 ? (
            <MainMenu groups={groups} mode="inline" onNavigate={() => setDrawerOpen(false)} />
          ) : (
            <Typography.Paragraph type="secondary" style={{ padding: 24 }}>
              Nenhum módulo disponível.
            </Typography.Paragraph>
          )}
        </Drawer>
      )}
    </Layout.Header>
  );
}
