import { Suspense, useState } from 'react';
import { Button, Layout, Menu, Tooltip, Typography } from 'antd';
import {
  AppstoreOutlined,
  CodeOutlined,
  FileTextOutlined,
  FlagOutlined,
  HomeOutlined,
  LogoutOutlined,
  MessageOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { userApi } from '../api/user.ts';
import { AppFooter } from '../components/AppFooter.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import '../pages/admin/admin.css';

export const SIDER_COLLAPSED_WIDTH = 78;

const MENU = [
  { key: paths.userManagement, icon: <TeamOutlined />, label: 'Users' },
  { key: paths.problemManagement, icon: <FileTextOutlined />, label: 'Problems' },
  { key: paths.contestManagement, icon: <TrophyOutlined />, label: 'Contests' },
  { key: paths.templateManagement, icon: <CodeOutlined />, label: 'Templates' },
  { key: paths.submissionManagement, icon: <AppstoreOutlined />, label: 'Submissions' },
  { key: paths.clarificationManagement, icon: <MessageOutlined />, label: 'Clarifications' },
  { key: paths.balloons, icon: <FlagOutlined />, label: 'Balloons' },
];

const MANAGEMENT_PAGES = new Set<string>(MENU.map((item) => item.key));

/** Management chrome (spec §2): collapsible side menu, Home and profile in the header, footer on management pages. */
export function AdminLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const username = storage.get('username') ?? '';

  const logout = () => {
    userApi.logout().catch(() => undefined);
    storage.clear();
    navigate(paths.home);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        width={200}
        data-testid="admin-sider"
      >
        <div className="admin-brand">{collapsed ? 'V' : 'Verdict Admin'}</div>
        <Menu
          theme="dark"
          mode="inline"
          data-testid="admin-menu"
          selectedKeys={[pathname]}
          items={MENU}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header className="admin-header">
          <Button type="text" icon={<HomeOutlined />} onClick={() => navigate(paths.adminNav)} data-testid="admin-home">
            Home
          </Button>
          <div className="header-user">
            <Tooltip title="My profile">
              <Button
                type="text"
                icon={<UserOutlined />}
                onClick={() => navigate(paths.adminPersonInfo)}
                aria-label="My profile"
                data-testid="admin-profile"
              />
            </Tooltip>
            <Typography.Text ellipsis className="header-username" data-testid="current-user">
              {username}
            </Typography.Text>
            <Button type="text" icon={<LogoutOutlined />} onClick={logout} aria-label="Log out" title="Log out" />
          </div>
        </Layout.Header>
        <Layout.Content style={{ minWidth: 0 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        {MANAGEMENT_PAGES.has(pathname) ? <AppFooter /> : null}
      </Layout>
    </Layout>
  );
}
