import { Suspense } from 'react';
import { Button, Layout, Menu, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { userApi } from '../api/user.ts';
import { AppFooter } from '../components/AppFooter.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { useT, type MessageKey } from '../i18n/index.ts';

const MENU: { key: string; label: MessageKey }[] = [
  { key: paths.contestList, label: 'nav.contestList' },
  { key: paths.contestDetails, label: 'nav.contestDetails' },
  { key: paths.history, label: 'nav.history' },
  { key: paths.personInfo, label: 'nav.personInfo' },
];

function selectedKey(pathname: string): string {
  if (pathname.startsWith('/user_board') || pathname === paths.problemPage) return paths.contestDetails;
  if (pathname.startsWith('/submission/')) return paths.history;
  return MENU.find((item) => item.key === pathname)?.key ?? '';
}

/** Contestant chrome: the top menu of four items (spec §2), the user's name and log-out. */
export function UserLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const t = useT();
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
          items={MENU.map((item) => ({ key: item.key, label: t(item.label) }))}
          onClick={({ key }) => navigate(key)}
          style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
        />
        <LanguageSwitch />
        <div className="header-user">
          <UserOutlined />
          <Typography.Text ellipsis className="header-username" data-testid="current-user">
            {username}
          </Typography.Text>
          <Button type="text" icon={<LogoutOutlined />} onClick={logout} aria-label={t('common.logOut')} title={t('common.logOut')} />
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
