import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Space } from 'antd';
import { userApi } from '../api/user.ts';
import { ApiError, errorMessage } from '../api/client.ts';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { AccountForm } from '../components/AccountForm.tsx';
import { useT } from '../i18n/index.ts';

export default function AdminResetPasswordPage() {
  const navigate = useNavigate();
  const t = useT();
  useEffect(() => storage.set('resetPasswordAdmin', 'true'), []);
  return (
    <AuthCard
      title={t('reset.adminTitle')}
      footer={
        <Space split="·">
          <Link to={paths.adminLogin}>{t('login.adminTitle')}</Link>
          <Link to={paths.home}>{t('common.home')}</Link>
        </Space>
      }
    >
      <AccountForm
        purpose="reset"
        withUsername
        submitText={t('reset.submit')}
        confirmTitle={t('reset.confirmTitle')}
        onSubmit={async (v) => {
          try {
            await userApi.forgetPassword({ email: v.email, username: v.username, newPwd: v.password, code: v.code, ...v.captcha });
          } catch (err) {
            notify.error(err instanceof ApiError && !err.isNetworkError ? t('reset.failed', { message: errorMessage(err) }) : t('common.networkError'));
            throw err;
          }
          storage.remove('token', 'username');
          notify.success(t('reset.success'));
          navigate(paths.adminLogin);
        }}
      />
    </AuthCard>
  );
}
