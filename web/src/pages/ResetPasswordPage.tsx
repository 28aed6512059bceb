import { Link, useNavigate } from 'react-router';
import { Space } from 'antd';
import { userApi } from '../api/user.ts';
import { errorMessage } from '../api/client.ts';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { AccountForm } from '../components/AccountForm.tsx';
import { useT } from '../i18n/index.ts';

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <AuthCard
      title={t('reset.title')}
      footer={
        <Space split="·">
          <Link to={paths.login}>{t('register.login')}</Link>
          <Link to={paths.home}>{t('common.home')}</Link>
        </Space>
      }
    >
      <AccountForm
        purpose="reset"
        withUsername={false}
        submitText={t('reset.submit')}
        confirmTitle={t('reset.confirmTitle')}
        onSubmit={async (v) => {
          try {
            await userApi.forgetPassword({ email: v.email, newPwd: v.password, code: v.code, ...v.captcha });
          } catch (err) {
            notify.error(t('reset.failed', { message: errorMessage(err) }));
            throw err;
          }
          storage.remove('token', 'username');
          notify.success(t('reset.success'));
          navigate(paths.login);
        }}
      />
    </AuthCard>
  );
}
