import { Link, useNavigate } from 'react-router';
import { Space } from 'antd';
import { userApi } from '../api/user.ts';
import { errorMessage } from '../api/client.ts';
import { paths } from '../lib/paths.ts';
import { notify } from '../feedback.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { AccountForm } from '../components/AccountForm.tsx';
import { useT } from '../i18n/index.ts';

export default function RegisterPage() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <AuthCard
      title={t('register.title')}
      footer={
        <Space split="·">
          <Link to={paths.login}>{t('register.login')}</Link>
          <Link to={paths.home}>{t('common.home')}</Link>
        </Space>
      }
    >
      <AccountForm
        purpose="register"
        withUsername
        submitText={t('register.submit')}
        confirmTitle={t('register.confirmTitle')}
        onSubmit={async (v) => {
          try {
            await userApi.register({ email: v.email, username: v.username, password: v.password, code: v.code, ...v.captcha });
          } catch (err) {
            notify.error(t('register.failed', { message: errorMessage(err) }));
            navigate(paths.failure);
            throw err;
          }
          notify.success(t('register.success'));
          navigate(paths.login);
        }}
      />
    </AuthCard>
  );
}
