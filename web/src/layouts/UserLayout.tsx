import { Suspense } from 'react';
import { Button, Layout, Menu, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { userApi } from '../api/user.ts';
import { AppFooter } from '../components/AppFooter.tsx';
import { PageLoading } from '../components/PageLoading.tsx';

const MENU = [
  { key: paths.contestList, label: 'Contest List' },
  { key: paths.contestDetails, label: 'Contest Details' },
  { key: paths.history, label: 'Judge Records' },
  { key: paths.personInfo, label: 'Personal Info' },
];

function selectedKey(pathname: string): string {
  if (pathname.startsWith('/user_board') || pathname === paths.problemPage) return paths.contestDetails;
  return MENU.find((item) => item.key === pathname)?.key ?? '';
}

/** Contestant chrome: the top menu of four items (spec §2), the user's name and log-out. */
export function UserLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const username = storage.get('username') ?? '';

  const logout = () => {
    userApi.logout().catch(() => undefined);
    storage.clear();
    navigate(paths.home);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '0 12px', background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,.08)' }}
      >
        <Typography.Link strong style={{ fontSize: 18, whiteSpace: 'nowrap' }} onClick={() => navigate(paths.contestList)}>
          Verdict
        </Typography.Link>
        <Menu
          mode="horizontal"
          data-testid="user-menu"
          selectedKeys={[selectedKey(pathname)]}
          items={MENU}
          onClick={({ key }) => navigate(key)}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
        />
        <div className="header-user">
          <UserOutlined />
          <Typography.Text ellipsis className="header-username" data-testid="current-user">
            {username}
          </Typography.Text>
          <Button type="text" icon={<LogoutOutlined />} onClick={logout} aria-label="Log out" title="Log out" />
        </div>
      </Layout.Header>
      <Layout.Content>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
