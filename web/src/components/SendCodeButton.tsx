import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { userApi, type EmailCodePurpose } from '../api/user.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/client.ts';
import { notify } from '../feedback.ts';

export const EMAIL_SENT_MESSAGE = '发送成功';
export const EMAIL_FAILED_MESSAGE = '发送失败';
const RESEND_SECONDS = 60;

interface Props {
  /** Reads the e-mail address from the form at click time. */
  getEmail: () => string | undefined;
  purpose: EmailCodePurpose;
}

/** Sends the one-time e-mail code; after a send it waits a minute before allowing another. */
export function SendCodeButton({ getEmail, purpose }: Props) {
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    const email = getEmail()?.trim();
    if (!email) {
      notify.error('请输入邮箱');
      return;
    }
    setSending(true);
    try {
      await userApi.sendEmailCode(email, purpose);
      notify.success(EMAIL_SENT_MESSAGE);
      setWait(RESEND_SECONDS);
    } catch (err) {
      if (err instanceof ApiError && !err.isNetworkError) notify.error(`${EMAIL_FAILED_MESSAGE}: ${err.message}`);
      else notify.error(NETWORK_ERROR_MESSAGE);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={send} loading={sending} disabled={wait > 0} data-testid="send-code" style={{ minWidth: 110 }}>
      {wait > 0 ? `${wait}s` : 'Send Code'}
    </Button>
  );
}
