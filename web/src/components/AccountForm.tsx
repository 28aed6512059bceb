import { USER_LIMITS } from '@verdict/shared';
import { useRef, useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import type { EmailCodePurpose } from '../api/user.ts';
import type { CaptchaAnswer } from '../api/types.ts';
import { checkPasswordChange, MESSAGES } from '../lib/validation.ts';
import { notify } from '../feedback.ts';
import { Captcha, type CaptchaHandle } from './Captcha.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import { confirmEnteredValues } from './ConfirmValues.tsx';
import { useT } from '../i18n/index.ts';

export interface AccountFormValues {
  email: string;
  code: string;
  username: string;
  password: string;
  confirmPassword: string;
  captcha: CaptchaAnswer;
}

interface Props {
  purpose: EmailCodePurpose;
  /** Register and the admin reset ask for the username; the user reset does not. */
  withUsername: boolean;
  submitText: string;
  confirmTitle: string;
  /** Performs the call; a rejection leaves the form as it is (with a fresh captcha). */
  onSubmit: (values: AccountFormValues) => Promise<void>;
}

/** E-mail + code (+ username) + password twice + captcha: register and both password resets. */
export function AccountForm({ purpose, withUsername, submitText, confirmTitle, onSubmit }: Props) {
  const t = useT();
  const [form] = Form.useForm<Omit<AccountFormValues, 'captcha'>>();
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captchaId: '', captcha: '' });
  const [busy, setBusy] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);

  const submit = async () => {
    const raw = form.getFieldsValue(true) as Partial<AccountFormValues>;
    const values: AccountFormValues = {
      email: (raw.email ?? '').trim(),
      code: (raw.code ?? '').trim(),
      username: (raw.username ?? '').trim(),
      password: raw.password ?? '',
      confirmPassword: raw.confirmPassword ?? '',
      captcha,
    };
    // The proof-of-work may still be running when the form is sent: wait for it.
    setBusy(true);
    const answer = (await captchaRef.current?.answer()) ?? captcha;
    setBusy(false);
    const problem = checkPasswordChange({ ...values, captcha: answer.captcha, requireUsername: withUsername });
    if (problem) {
      notify.error(problem);
      return;
    }
    const rows: Array<[string, string]> = [[t('field.email'), values.email], [t('field.code'), values.code]];
    if (withUsername) rows.push([t('field.username'), values.username]);
    rows.push([t('field.password'), values.password], [t('field.captcha'), t('captcha.verified')]);
    if (!(await confirmEnteredValues(confirmTitle, rows))) return;
    setBusy(true);
    try {
      await onSubmit({ ...values, captcha: answer });
    } catch {
      captchaRef.current?.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name={`account-${purpose}`}>
      <Form.Item label={t('field.email')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="email" noStyle>
            <Input prefix={<MailOutlined />} autoComplete="email" data-testid="email" />
          </Form.Item>
          <SendCodeButton purpose={purpose} getEmail={() => form.getFieldValue('email')} />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="code" label={t('field.emailCode')}>
        <Input autoComplete="one-time-code" placeholder={MESSAGES.emailCodeMissing} data-testid="email-code" />
      </Form.Item>
      {withUsername ? (
        <Form.Item name="username" label={t('field.username')}>
          <Input prefix={<UserOutlined />} autoComplete="username" maxLength={USER_LIMITS.usernameMax} data-testid="username" />
        </Form.Item>
      ) : null}
      <Form.Item name="password" label={purpose === 'register' ? t('field.password') : t('account.newPassword')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('account.confirmPassword')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
      <Form.Item label={t('field.captcha')} required>
        <Captcha ref={captchaRef} value={captcha} onChange={setCaptcha} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="account-submit">
        {submitText}
      </Button>
    </Form>
  );
}
