import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Button, Input, Space, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { userApi } from '../api/user.ts';
import { errorMessage } from '../api/client.ts';
import type { CaptchaAnswer } from '../api/types.ts';
import { notify } from '../feedback.ts';
import { useT } from '../i18n/index.ts';

export const CAPTCHA_REFRESH_COUNTDOWN_SECONDS = 4;

export interface CaptchaHandle {
  /** Loads a new picture now (after a used or failed answer), ignoring the count-down. */
  reload: () => void;
}

interface Props {
  value?: CaptchaAnswer;
  onChange?: (value: CaptchaAnswer) => void;
  ref?: Ref<CaptchaHandle>;
}

/**
 * The captcha picture from GET /api/captcha with an answer box. Usable as an antd form control:
 * its value is {captchaId, captcha}. Refresh (the button, or a click on the picture) is allowed
 * again 4 seconds after each load; the button counts them down ("3 s", with a title saying so).
 */
export function Captcha({ value, onChange, ref }: Props) {
  const t = useT();
  const [image, setImage] = useState<string>('');
  const [loading, setLoading] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const answer = useRef<CaptchaAnswer>(value ?? { captchaId: '', captcha: '' });
  answer.current = value ?? answer.current;
  // onChange changes identity on every form render; loading must not depend on it.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const captcha = await userApi.captcha();
      setImage(captcha.image);
      onChangeRef.current?.({ captchaId: captcha.captchaId, captcha: '' });
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setLoading(false);
      setCountdown(CAPTCHA_REFRESH_COUNTDOWN_SECONDS);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  useImperativeHandle(ref, () => ({ reload: () => void load() }), [load]);

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        placeholder={t('captcha.placeholder')}
        autoComplete="off"
        data-testid="captcha-input"
        value={value?.captcha ?? ''}
        onChange={(e) => onChange?.({ captchaId: answer.current.captchaId, captcha: e.target.value })}
      />
      <span
        style={{ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 120, height: 32, border: '1px solid #d9d9d9', background: '#fff' }}
      >
        {loading ? (
          <Spin size="small" />
        ) : image ? (
          <img
            src={image}
            alt={t('captcha.alt')}
            data-testid="captcha-image"
            data-captcha-id={value?.captchaId ?? ''}
            title={countdown > 0 ? t('captcha.wait', { seconds: countdown }) : t('captcha.clickForNew')}
            onClick={() => countdown <= 0 && void load()}
            style={{ height: 30, maxWidth: 118, cursor: countdown > 0 ? 'default' : 'pointer' }}
          />
        ) : null}
      </span>
      <Button
        aria-label={countdown > 0 ? t('captcha.wait', { seconds: countdown }) : t('captcha.new')}
        title={countdown > 0 ? t('captcha.wait', { seconds: countdown }) : t('captcha.new')}
        data-testid="captcha-refresh"
        icon={countdown > 0 ? undefined : <ReloadOutlined />}
        disabled={countdown > 0 || loading}
        onClick={() => void load()}
        style={{ width: 52 }}
      >
        {countdown > 0 ? t('common.seconds', { seconds: countdown }) : null}
      </Button>
    </Space.Compact>
  );
}
