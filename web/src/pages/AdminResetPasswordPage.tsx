import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Space } from 'antd';
import { userApi } from '../api/user.ts';
import { ApiError } from '../api/client.ts';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { AccountForm } from '../components/AccountForm.tsx';

export default function AdminResetPasswordPage() {
  const navigate = useNavigate();
  useEffect(() => storage.set('resetPasswordAdmin', 'true'), []);
  return (
    <AuthCard
      title="Admin Reset Password"
      footer={
        <Space split="·">
          <Link to={paths.adminLogin}>Admin Login</Link>
          <Link to={paths.home}>Home</Link>
        </Space>
      }
    >
      <AccountForm
        purpose="reset"
        withUsername
        submitText="Reset Password"
        confirmTitle="请确认重置信息"
        onSubmit={async (v) => {
          try {
            await userApi.forgetPassword({ email: v.email, username: v.username, newPwd: v.password, code: v.code, ...v.captcha });
          } catch (err) {
            notify.error(err instanceof ApiError && !err.isNetworkError ? `重置密码失败！${err.message}` : '后端接口调用失败！');
            throw err;
          }
          storage.remove('token', 'username');
          notify.success('密码重置成功');
          navigate(paths.adminLogin);
        }}
      />
    </AuthCard>
  );
}
