import { App, Layout } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { Outlet } from 'react-router';
import { ReferenceCreateProvider } from '../../components/reference-create-drawer.js';
import { useSession } from '../../lib/session.js';
import { AntdProviders } from '../antd-providers.js';
import { AppFooter } from './app-footer.js';
import { AppHeader } from './app-header.js';
import { useUserRefresh } from './use-user-refresh.js';

// Date pickers and dates in pt-BR. Only the pages inside this frame show dates, so dayjs and its
// locale load with the frame rather than with the login page.
dayjs.locale('pt-br');

/**
 * The page frame: header and footer only for a signed-in user (DOMAIN §14), inside antd's theme
 * and locale (the login page, outside this frame, draws itself without antd). It also offers the
 * pickers' "+ Novo" drawer to every page inside it (the login page, outside, has no picker), and
 * antd's App for its modal API (the unsaved-changes question); the providers set the base text
 * styles App would, for every page, so App adds no element of its own.
 */
export function AppLayout() {
  const { token } = useSession();
  useUserRefresh(token);
  const signedIn = token !== null;

  return (
    <AntdProviders>
      <App component={false}>
        <ReferenceCreateProvider>
          <Layout style={{ minHeight: '100vh' }}>
            {signedIn && <AppHeader />}
            <Layout.Content style={{ padding: 'clamp(12px, 3vw, 24px)' }}>
              <div style={{ maxWidth: 1200, margin: '0 auto', width: '100%' }}>
                <Outlet />
              </div>
            </Layout.Content>
            {signedIn && <AppFooter />}
          </Layout>
        </ReferenceCreateProvider>
      </App>
    </AntdProviders>
  );
}
