import { useEffect, useRef, useState } from 'react';
import { Alert, Tag } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { contestCountdown } from '../lib/contestClock.ts';
import { serverNow } from '../lib/serverClock.ts';
import { parseServerTime, withZone } from '../lib/time.ts';
import { useInterval } from '../lib/useInterval.ts';
import { notify } from '../feedback.ts';
import { t, useLanguage } from '../i18n/index.ts';

interface Props {
  /** Wire times (Asia/Shanghai); nothing shows until both are known. */
  startTime: string | null | undefined;
  endTime: string | null | undefined;
}

const PHASE_COLORS = { notStarted: 'blue', running: 'green', ended: 'default' } as const;

/**
 * Time to the start, time left, or "Contest ended", by the server's clock (lib/serverClock.ts),
 * ticking every second; in the last five minutes a warning banner, and a message once per end time
 * (the times are the page's latest read of the contest: lib/useLiveContest.ts).
 */
export function ContestCountdown({ startTime, endTime }: Props) {
  useLanguage();
  const [now, setNow] = useState(serverNow);
  useInterval(() => setNow(serverNow()), 1000);
  const countdown = contestCountdown(parseServerTime(startTime), parseServerTime(endTime), now);
  const warning = countdown?.warning ?? false;
  // Once per end: an end moved by the administrator into the last five minutes warns again.
  const warnedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!warning || warnedFor.current === endTime) return;
    warnedFor.current = endTime ?? null;
    notify.warning(t('clock.fiveMinutes'));
  }, [warning, endTime]);
  if (!countdown) return null;
  return (
    <div data-testid="contest-countdown" data-phase={countdown.phase} className="contest-countdown">
      <Tag color={warning ? 'red' : PHASE_COLORS[countdown.phase]} icon={<ClockCircleOutlined />} data-testid="countdown-text">
        {countdown.text}
      </Tag>
      {warning && (
        <Alert
          type="warning"
          showIcon
          banner
          style={{ marginTop: 8 }}
          message={t('clock.endsAt', { time: withZone(endTime ?? '') })}
          data-testid="end-warning"
        />
      )}
    </div>
  );
}
