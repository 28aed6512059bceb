import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { userApi, type EmailCodePurpose } from '../api/user.ts';
import { ApiError, errorMessage } from '../api/client.ts';
import { notify } from '../feedback.ts';
import { useT } from '../i18n/index.ts';
import { MESSAGES } from '../lib/validation.ts';
const RESEND_SECONDS = 60;

interface Props {
  /** Reads the e-mail address from the form at click time. */
  getEmail: () => string | undefined;
  purpose: EmailCodePurpose;
}

/** Sends the one-time e-mail code; after a send it waits a minute before allowing another. */
export function SendCodeButton({ getEmail, purpose }: Props) {
  const t = useT();
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
      notify.error(MESSAGES.emailMissing);
      return;
    }
    setSending(true);
    try {
      await userApi.sendEmailCode(email, purpose);
      notify.success(t('sendCode.sent'));
      setWait(RESEND_SECONDS);
    } catch (err) {
      if (err instanceof ApiError && !err.isNetworkError) notify.error(t('sendCode.failed', { message: errorMessage(err) }));
      else notify.error(t('common.networkError'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={send} loading={sending} disabled={wait > 0} data-testid="send-code" style={{ minWidth: 110 }}>
      {wait > 0 ? t('sendCode.wait', { seconds: wait }) : t('sendCode.button')}
    </Button>
  );
}
