import { Link, useNavigate } from 'react-router';
import { Space } from 'antd';
import { userApi } from '../api/user.ts';
import { errorMessage } from '../api/client.ts';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { AccountForm } from '../components/AccountForm.tsx';

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Reset Password"
      footer={
        <Space split="·">
          <Link to={paths.login}>Login</Link>
          <Link to={paths.home}>Home</Link>
        </Space>
      }
    >
      <AccountForm
        purpose="reset"
        withUsername={false}
        submitText="Reset Password"
        confirmTitle="Please confirm the password reset"
        onSubmit={async (v) => {
          try {
            await userApi.forgetPassword({ email: v.email, newPwd: v.password, code: v.code, ...v.captcha });
          } catch (err) {
            notify.error(`Reset password failed! ${errorMessage(err)}`);
            throw err;
          }
          storage.remove('token', 'username');
          notify.success('Reset password successfully!');
          navigate(paths.login);
        }}
      />
    </AuthCard>
  );
}
