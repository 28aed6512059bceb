import { Link, useNavigate } from 'react-router';
import { Space } from 'antd';
import { userApi } from '../api/user.ts';
import { errorMessage } from '../api/client.ts';
import { paths } from '../lib/paths.ts';
import { notify } from '../feedback.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { AccountForm } from '../components/AccountForm.tsx';

export default function RegisterPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Register"
      footer={
        <Space split="·">
          <Link to={paths.login}>Login</Link>
          <Link to={paths.home}>Home</Link>
        </Space>
      }
    >
      <AccountForm
        purpose="register"
        withUsername
        submitText="Register"
        confirmTitle="Please confirm your registration"
        onSubmit={async (v) => {
          try {
            await userApi.register({ email: v.email, username: v.username, password: v.password, code: v.code, ...v.captcha });
          } catch (err) {
            notify.error(`Register Failure! ${errorMessage(err)}`);
            navigate(paths.failure);
            throw err;
          }
          notify.success('Register Success!');
          navigate(paths.login);
        }}
      />
    </AuthCard>
  );
}
