import { useRef, useState } from 'react';
import { Button, Form, Input, Segmented, Space } from 'antd';
import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { userApi } from '../api/user.ts';
import { errorMessage } from '../api/client.ts';
import type { CaptchaAnswer } from '../api/types.ts';
import { paths } from '../lib/paths.ts';
import { maskPassword, MESSAGES } from '../lib/validation.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { AuthCard } from './AuthCard.tsx';
import { Captcha, type CaptchaHandle } from './Captcha.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import { useT } from '../i18n/index.ts';

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
  const t = useT();
  const [method, setMethod] = useState<Method>('password');
  const [busy, setBusy] = useState(false);
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [emailForm] = Form.useForm<EmailValues>();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });

  const fail = (err: unknown) => {
    notify.error(errorMessage(err));
    navigate(paths.failure);
  };

  const run = async (values: Array<[string, string]>, login: (captcha: CaptchaAnswer) => Promise<{ token: string; username?: string }>, fallbackName: string) => {
    // The proof-of-work may still be running when the form is sent: wait for it.
    setBusy(true);
    const answer = await captchaRef.current?.answer();
    setBusy(false);
    if (!answer?.captcha) {
      notify.error(MESSAGES.wrongCaptcha);
      navigate(paths.failure);
      return;
    }
    // The dialog's table (antd Descriptions) loads with the first submit, not with the page.
    const { confirmEnteredValues } = await import('./ConfirmValues.tsx');
    if (!(await confirmEnteredValues(t('login.confirmTitle'), [...values, [t('field.captcha'), t('captcha.verified')]]))) return;
    setBusy(true);
    if (role === 'admin') storage.remove('token');
    try {
      const { token, username } = await login(answer);
      storage.set('token', token);
      storage.set('username', username ?? fallbackName);
      notify.success(t('login.success'));
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
        [t('field.username'), username],
        [t('field.password'), maskPassword(password)],
      ],
      (answer) => (role === 'admin' ? userApi.adminLogin : userApi.login)(username.trim(), password, answer),
      username.trim(),
    );

  const loginWithEmail = ({ email, code }: EmailValues) =>
    run(
      [
        [t('field.email'), email],
        [t('field.code'), code],
      ],
      (answer) => (role === 'admin' ? userApi.adminEmailLogin : userApi.emailLogin)(email.trim(), code.trim(), answer),
      '',
    );

  const captchaField = (
    <Form.Item label={t('field.captcha')} required>
      <Captcha ref={captchaRef} value={captcha} onChange={setCaptcha} />
    </Form.Item>
  );

  return (
    <AuthCard
      title={role === 'admin' ? t('login.adminTitle') : t('login.userTitle')}
      footer={
        <Space wrap split="·">
          {role === 'user' ? <Link to={paths.register}>{t('login.register')}</Link> : null}
          <Link to={role === 'admin' ? paths.adminResetPassword : paths.resetPassword}>{t('login.forgotPassword')}</Link>
          <Link to={role === 'admin' ? paths.login : paths.adminLogin}>{role === 'admin' ? t('login.userTitle') : t('login.adminTitle')}</Link>
          <Link to={paths.home}>{t('common.home')}</Link>
        </Space>
      }
    >
      {/* Segmented, not Tabs: antd's Tabs bring the Menu and Dropdown code to every login page. */}
      <Segmented<Method>
        block
        value={method}
        onChange={setMethod}
        style={{ marginBottom: 16 }}
        data-testid="login-method"
        options={[
          { value: 'password', label: t('login.tabPassword') },
          { value: 'email', label: t('login.tabEmail') },
        ]}
      />
      {/* Keyed: each method's form mounts with its own form store (not the other's, reused). */}
      {method === 'password' ? (
        <Form key="password" form={passwordForm} layout="vertical" onFinish={loginWithPassword} requiredMark={false} name="password-login">
          <Form.Item name="username" label={t('field.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('field.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {captchaField}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
      ) : (
        <Form key="email" form={emailForm} layout="vertical" onFinish={loginWithEmail} requiredMark={false} name="email-login">
          <Form.Item label={t('field.email')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="email" noStyle rules={[{ required: true, type: 'email', message: t('login.emailInvalid') }]}>
                <Input prefix={<MailOutlined />} autoComplete="email" />
              </Form.Item>
              <SendCodeButton purpose="login" getEmail={() => emailForm.getFieldValue('email')} />
            </Space.Compact>
          </Form.Item>
          <Form.Item name="code" label={t('field.emailCode')} rules={[{ required: true, whitespace: true, message: MESSAGES.emailCodeMissing }]}>
            <Input autoComplete="one-time-code" />
          </Form.Item>
          {captchaField}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="email-login-submit">
            {t('login.submit')}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
