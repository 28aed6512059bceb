import { useRef, useState } from 'react';
import { Button, Form, Input, Space, Tabs } from 'antd';
import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { userApi } from '../api/user.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/client.ts';
import type { CaptchaAnswer } from '../api/types.ts';
import { paths } from '../lib/paths.ts';
import { maskPassword, MESSAGES } from '../lib/validation.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { AuthCard } from './AuthCard.tsx';
import { Captcha, type CaptchaHandle } from './Captcha.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import { confirmEnteredValues } from './ConfirmValues.tsx';

export const LOGIN_SUCCESS_MESSAGE = 'Login Success!';

type Role = 'user' | 'admin';
type Method = 'password' | 'email';

interface PasswordValues {
  username: string;
  password: string;
  captcha?: CaptchaAnswer;
}

interface EmailValues {
  email: string;
  code: string;
  captcha?: CaptchaAnswer;
}

/** User and admin login (spec §2, §4, §5): username/password or e-mail + one-time code. */
export function LoginScreen({ role }: { role: Role }) {
  const navigate = useNavigate();
  const [method, setMethod] = useState<Method>('password');
  const [busy, setBusy] = useState(false);
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [emailForm] = Form.useForm<EmailValues>();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });

  const fail = (err: unknown) => {
    notify.error(err instanceof ApiError && !err.isNetworkError ? err.message : NETWORK_ERROR_MESSAGE);
    navigate(paths.failure);
  };

  const run = async (values: Array<[string, string]>, login: () => Promise<{ token: string; username?: string }>, fallbackName: string) => {
    if (!captcha.captcha.trim()) {
      notify.error(MESSAGES.wrongCaptcha);
      navigate(paths.failure);
      return;
    }
    if (!(await confirmEnteredValues('Please confirm your login details', values))) return;
    setBusy(true);
    if (role === 'admin') storage.remove('token');
    try {
      const { token, username } = await login();
      storage.set('token', token);
      storage.set('username', username ?? fallbackName);
      notify.success(LOGIN_SUCCESS_MESSAGE);
      navigate(role === 'admin' ? paths.adminNav : paths.success);
    } catch (err) {
      captchaRef.current?.reload();
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const loginWithPassword = ({ username, password }: PasswordValues) =>
    run(
      [
        ['Username', username],
        ['Password', maskPassword(password)],
        ['Captcha', captcha.captcha],
      ],
      () => (role === 'admin' ? userApi.adminLogin : userApi.login)(username.trim(), password, captcha),
      username.trim(),
    );

  const loginWithEmail = ({ email, code }: EmailValues) =>
    run(
      [
        ['E-mail', email],
        ['Code', code],
        ['Captcha', captcha.captcha],
      ],
      () => (role === 'admin' ? userApi.adminEmailLogin : userApi.emailLogin)(email.trim(), code.trim(), captcha),
      '',
    );

  const captchaField = (
    <Form.Item label="Captcha" required>
      <Captcha ref={captchaRef} value={captcha} onChange={setCaptcha} />
    </Form.Item>
  );

  return (
    <AuthCard
      title={role === 'admin' ? 'Admin Login' : 'User Login'}
      footer={
        <Space wrap split="·">
          {role === 'user' ? <Link to={paths.register}>Register</Link> : null}
          <Link to={role === 'admin' ? paths.adminResetPassword : paths.resetPassword}>Forgot password</Link>
          <Link to={role === 'admin' ? paths.login : paths.adminLogin}>{role === 'admin' ? 'User Login' : 'Admin Login'}</Link>
          <Link to={paths.home}>Home</Link>
        </Space>
      }
    >
      <Tabs
        activeKey={method}
        onChange={(key) => setMethod(key as Method)}
        centered
        items={[
          {
            key: 'password',
            label: 'Username & Password',
            children: (
              <Form form={passwordForm} layout="vertical" onFinish={loginWithPassword} requiredMark={false} name="password-login">
                <Form.Item name="username" label="Username" rules={[{ required: true, whitespace: true, message: 'Please input your username!' }]}>
                  <Input prefix={<UserOutlined />} autoComplete="username" />
                </Form.Item>
                <Form.Item name="password" label="Password" rules={[{ required: true, message: 'Please input your password!' }]}>
                  <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
                </Form.Item>
                {method === 'password' ? captchaField : null}
                <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
                  Login
                </Button>
              </Form>
            ),
          },
          {
            key: 'email',
            label: 'E-mail Code',
            children: (
              <Form form={emailForm} layout="vertical" onFinish={loginWithEmail} requiredMark={false} name="email-login">
                <Form.Item label="E-mail" required>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="email" noStyle rules={[{ required: true, type: 'email', message: 'Please input a valid e-mail!' }]}>
                      <Input prefix={<MailOutlined />} autoComplete="email" />
                    </Form.Item>
                    <SendCodeButton purpose="login" getEmail={() => emailForm.getFieldValue('email')} />
                  </Space.Compact>
                </Form.Item>
                <Form.Item name="code" label="E-mail code" rules={[{ required: true, whitespace: true, message: MESSAGES.emailCodeMissing }]}>
                  <Input autoComplete="one-time-code" />
                </Form.Item>
                {method === 'email' ? captchaField : null}
                <Button type="primary" htmlType="submit" block loading={busy} data-testid="email-login-submit">
                  Login
                </Button>
              </Form>
            ),
          },
        ]}
      />
    </AuthCard>
  );
}
