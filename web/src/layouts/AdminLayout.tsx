import { Suspense, useState } from 'react';
import { Badge, Button, Layout, Menu, Tooltip, Typography } from 'antd';
import {
  AppstoreOutlined,
  CodeOutlined,
  FileTextOutlined,
  CopyOutlined,
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
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { useT } from '../i18n/index.ts';
import { useUnansweredQuestions } from '../pages/admin/useUnansweredQuestions.ts';
import '../pages/admin/admin.css';

export const SIDER_COLLAPSED_WIDTH = 78;

const MENU = [
  { key: paths.userManagement, icon: <TeamOutlined />, label: 'nav.users' },
  { key: paths.problemManagement, icon: <FileTextOutlined />, label: 'nav.problems' },
  { key: paths.contestManagement, icon: <TrophyOutlined />, label: 'nav.contests' },
  { key: paths.templateManagement, icon: <CodeOutlined />, label: 'nav.templates' },
  { key: paths.submissionManagement, icon: <AppstoreOutlined />, label: 'nav.submissions' },
  { key: paths.clarificationManagement, icon: <MessageOutlined />, label: 'nav.clarifications' },
  { key: paths.balloons, icon: <FlagOutlined />, label: 'nav.balloons' },
  { key: paths.similarity, icon: <CopyOutlined />, label: 'nav.similarity' },
] as const;

const MANAGEMENT_PAGES = new Set<string>(MENU.map((item) => item.key));

/** Management chrome (spec §2): collapsible side menu, Home and profile in the header, footer on management pages. */
export function AdminLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const t = useT();
  const username = storage.get('username') ?? '';
  // Questions waiting for a judge, counted on every admin page; the Clarifications screen toasts its own.
  const onQueue = pathname === paths.clarificationManagement;
  const unanswered = useUnansweredQuestions(!onQueue, () => navigate(paths.clarificationManagement)).length;

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
        // Below 768 px the menu starts collapsed (issue 30, defect 6): a phone's page is not pushed sideways.
        breakpoint="md"
        onBreakpoint={(narrow) => setCollapsed(narrow)}
        data-testid="admin-sider"
      >
        <div className="admin-brand">{collapsed ? 'V' : t('app.adminBrand')}</div>
        <Menu
          theme="dark"
          mode="inline"
          data-testid="admin-menu"
          selectedKeys={[pathname]}
          items={MENU.map((item) => ({
            ...item,
            label:
              item.key === paths.clarificationManagement && unanswered > 0 ? (
                <span>
                  {t(item.label)} <Badge count={unanswered} size="small" />
                </span>
              ) : (
                t(item.label)
              ),
          }))}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header className="admin-header">
          <Button type="text" icon={<HomeOutlined />} onClick={() => navigate(paths.adminNav)} data-testid="admin-home">
            {t('common.home')}
          </Button>
          <div className="header-user">
            <Tooltip title={t('judgeClar.waiting', { count: unanswered })}>
              <Badge count={unanswered} size="small" offset={[-4, 4]} data-testid="unanswered-badge">
                <Button
                  type="text"
                  icon={<MessageOutlined />}
                  onClick={() => navigate(paths.clarificationManagement)}
                  aria-label={t('judgeClar.waiting', { count: unanswered })}
                  data-testid="unanswered-questions"
                />
              </Badge>
            </Tooltip>
            <LanguageSwitch />
            <Tooltip title={t('nav.myProfile')}>
              <Button
                type="text"
                icon={<UserOutlined />}
                onClick={() => navigate(paths.adminPersonInfo)}
                aria-label={t('nav.myProfile')}
                data-testid="admin-profile"
              />
            </Tooltip>
            <Typography.Text ellipsis className="header-username" data-testid="current-user">
              {username}
            </Typography.Text>
            <Button type="text" icon={<LogoutOutlined />} onClick={logout} aria-label={t('common.logOut')} title={t('common.logOut')} />
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
