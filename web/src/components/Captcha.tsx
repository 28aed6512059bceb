import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Button, Space, Spin } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { solveCaptchaChallenge } from '@verdict/shared/captcha';
import { userApi } from '../api/user.ts';
import { errorMessage } from '../api/client.ts';
import type { CaptchaAnswer } from '../api/types.ts';
import { notify } from '../feedback.ts';
import { useT } from '../i18n/index.ts';

export const CAPTCHA_REFRESH_COUNTDOWN_SECONDS = 4;

type CaptchaState = 'verifying' | 'verified' | 'failed';

export interface CaptchaHandle {
  /** Fetches a new challenge now (after a used or failed answer), ignoring the count-down. */
  reload: () => void;
  /** The answer once the current challenge is solved; null when it could not be. */
  answer: () => Promise<CaptchaAnswer | null>;
}

interface Props {
  value?: CaptchaAnswer;
  onChange?: (value: CaptchaAnswer) => void;
  ref?: Ref<CaptchaHandle>;
}

/**
 * The captcha box: a proof-of-work challenge from GET /api/captcha, solved in the browser as
 * soon as it arrives ("Verifying…", then "Verified"; docs/auth.md, "Captcha"). Usable as a form
 * control: its value is {captchaId, captcha}, the answer empty until solved. Refresh (the button,
 * or a click on the box) is allowed again 4 seconds after each load; the button counts them down.
 */
export function Captcha({ value, onChange, ref }: Props) {
  const t = useT();
  const [state, setState] = useState<CaptchaState>('verifying');
  const [countdown, setCountdown] = useState(0);
  // onChange changes identity on every form render; loading must not depend on it.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const tRef = useRef(t);
  tRef.current = t;
  const current = useRef<{ abort: AbortController; answer: Promise<CaptchaAnswer | null> } | null>(null);

  const load = useCallback(() => {
    current.current?.abort.abort();
    const abort = new AbortController();
    setState('verifying');
    onChangeRef.current?.({ captchaId: '', captcha: '' });
    const answer = (async (): Promise<CaptchaAnswer | null> => {
      try {
        const { captchaId, challenge } = await userApi.captcha();
        onChangeRef.current?.({ captchaId, captcha: '' });
        setCountdown(CAPTCHA_REFRESH_COUNTDOWN_SECONDS);
        const parallel = Math.min(Math.max(navigator.hardwareConcurrency || 2, 1), 4);
        const captcha = await solveCaptchaChallenge(challenge, { parallel, signal: abort.signal });
        if (abort.signal.aborted) return null;
        if (captcha === null) throw new Error(tRef.current('captcha.failed'));
        onChangeRef.current?.({ captchaId, captcha });
        setState('verified');
        return { captchaId, captcha };
      } catch (err) {
        if (abort.signal.aborted) return null;
        setState('failed');
        setCountdown(0);
        notify.error(errorMessage(err));
        return null;
      }
    })();
    current.current = { abort, answer };
  }, []);

  useEffect(() => {
    load();
    return () => current.current?.abort.abort();
  }, [load]);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  useImperativeHandle(ref, () => ({ reload: load, answer: () => current.current?.answer ?? Promise.resolve(null) }), [load]);

  const waiting = countdown > 0;
  const status = {
    verifying: (
      <>
        <Spin size="small" /> {t('captcha.verifying')}
      </>
    ),
    verified: (
      <>
        <CheckCircleFilled style={{ color: '#52c41a' }} /> {t('captcha.verified')}
      </>
    ),
    failed: (
      <>
        <CloseCircleFilled style={{ color: '#ff4d4f' }} /> {t('captcha.failed')}
      </>
    ),
  }[state];

  return (
    <Space.Compact style={{ width: '100%' }}>
      <span
        role="status"
        data-testid="captcha"
        data-state={state}
        data-captcha-id={value?.captchaId ?? ''}
        title={waiting ? t('captcha.wait', { seconds: countdown }) : t('captcha.clickForNew')}
        onClick={() => !waiting && load()}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 8,
          flex: 1,
          height: 32,
          boxSizing: 'border-box',
          padding: '0 11px',
          border: '1px solid #d9d9d9',
          background: '#fff',
          cursor: waiting ? 'default' : 'pointer',
        }}
      >
        {status}
      </span>
      <Button
        aria-label={waiting ? t('captcha.wait', { seconds: countdown }) : t('captcha.new')}
        title={waiting ? t('captcha.wait', { seconds: countdown }) : t('captcha.new')}
        data-testid="captcha-refresh"
        icon={waiting ? undefined : <ReloadOutlined />}
        disabled={waiting}
        onClick={load}
        style={{ width: 52 }}
      >
        {waiting ? t('common.seconds', { seconds: countdown }) : null}
      </Button>
    </Space.Compact>
  );
}
