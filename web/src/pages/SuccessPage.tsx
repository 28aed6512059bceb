import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { userApi } from '../api/user.ts';
import { useT } from '../i18n/index.ts';

export default function SuccessPage() {
  const navigate = useNavigate();
  const t = useT();
  const logout = () => {
    userApi.logout().catch(() => undefined);
    storage.clear();
    navigate(paths.home);
  };
  return (
    <div className="auth-page">
      <Result
        status="success"
        title={t('login.success')}
        subTitle={t('success.welcome', { name: storage.get('username') ?? '' })}
        extra={[
          <Button key="enter" type="primary" onClick={() => navigate(paths.contestList)} data-testid="enter-main">
            {t('success.enter')}
          </Button>,
          <Button key="logout" onClick={logout}>
            {t('common.logOut')}
          </Button>,
        ]}
      />
    </div>
  );
}
