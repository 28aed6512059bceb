import { useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { Card, Empty, Grid, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { adminContestsApi } from '../../api/adminContests.ts';
import { balloonApi, type Balloon, type BalloonList } from '../../api/balloons.ts';
import type { Contest } from '../../api/types.ts';
import { notify } from '../../feedback.ts';
import { serverNow } from '../../lib/serverClock.ts';
import { useInterval } from '../../lib/useInterval.ts';
import { pollEvery, useLiveRefresh } from '../../lib/useLiveEvents.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { BalloonSwatch } from './BalloonSwatch.tsx';
import { BALLOON_POLL_MS, defaultBalloonContest, formatContestClock, shownBalloons, withDelivery } from './logic/balloons.ts';
import { inkOn } from './logic/problemColors.ts';
import { t as tNow, tn, useT } from '../../i18n/index.ts';
import { withZone } from '../../lib/time.ts';

const balloonKey = (b: Balloon) => `${b.userId}-${b.problemId}`;

/**
 * The contest's balloons, as the server has them now. A poll that was under way while a
 * delivery was marked here is dropped (it may predate the mark); the next one is current.
 */
function useBalloons(contestId: number | undefined) {
  const [list, setList] = useState<BalloonList | null>(null);
  const [loading, setLoading] = useState(false);
  const changes = useRef(0);
  const shown = useRef(contestId);
  shown.current = contestId;

  const load = useCallback(async (quiet: boolean) => {
    if (contestId === undefined) return;
    const mark = changes.current;
    if (!quiet) setLoading(true);
    try {
      const fresh = await balloonApi.list(contestId);
      if (shown.current === contestId && mark === changes.current) setList(fresh);
    } catch (err) {
      if (shown.current === contestId) notify.error(tNow('balloons.failed', { message: errorMessage(err) }));
    } finally {
      if (!quiet) setLoading(false);
    }
  }, [contestId]);

  useEffect(() => {
    setList(null);
    void load(false);
  }, [load]);
  // A new accepted submission is a new balloon: read the list when the live stream tells of one.
  const live = useLiveRefresh(contestId, (e) => e.event === 'submission' && e.data.judgeResult === 'AC', () => void load(true));
  useInterval(() => void load(true), contestId === undefined ? null : pollEvery(live, BALLOON_POLL_MS));

  const apply = useCallback((updated: Balloon) => {
    changes.current += 1;
    setList((current) => (current ? withDelivery(current, updated) : current));
  }, []);
  return { list, loading, apply };
}

/**
 * Balloons (issue 16, item 5): each contestant's first accepted problem in the order accepted,
 * with the problem's colour, the first to solve each problem marked, and a delivered switch
 * every judge and volunteer shares. Refreshes itself.
 */
export default function BalloonsPage() {
  const t = useT();
  // Below 768 px: the Delivered switch is pinned to the right edge.
  const narrow = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('contestId'));
  const contestId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : undefined;
  const [undeliveredOnly, setUndeliveredOnly] = useState(false);
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const { data: contests } = useRequest(() => adminContestsApi.list(), {
    initial: [] as Contest[],
    onError: () => notify.error(t('contests.failed')),
  });
  const choose = useCallback((id: number | undefined) => setParams(id === undefined ? {} : { contestId: String(id) }, { replace: true }), [setParams]);

  // Without a contest in the URL, the one running now (or the last one to end).
  useEffect(() => {
    if (contestId !== undefined || contests.length === 0) return;
    const picked = defaultBalloonContest(contests, serverNow());
    if (picked !== undefined) choose(picked);
  }, [contestId, contests, choose]);

  const { list, loading, apply } = useBalloons(contestId);
  const items = useMemo(() => shownBalloons(list?.items ?? [], undeliveredOnly), [list, undeliveredOnly]);

  const mark = async (balloon: Balloon, delivered: boolean) => {
    const key = balloonKey(balloon);
    setBusy((s) => new Set(s).add(key));
    try {
      apply(await balloonApi.deliver(balloon, delivered));
    } catch (err) {
      notify.error(t('balloons.markFailed', { message: errorMessage(err) }));
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  };

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card
        title={t('nav.balloons')}
        extra={
          list ? (
            <Typography.Text type="secondary" data-testid="balloon-counts">
              {tn('balloons.counts', list.total, { total: list.total, undelivered: list.undelivered })}
            </Typography.Text>
          ) : null
        }
      >
        <Space wrap size="large" style={{ marginBottom: 12 }}>
          <Space>
            {narrow ? null : <span>{t('field.contest')}</span>}
            <Select<number>
              showSearch
              optionFilterProp="label"
              placeholder={t('balloons.chooseContest')}
              aria-label={t('field.contest')}
              style={narrow ? { width: 200 } : { minWidth: 260 }}
              value={contestId}
              onChange={(v) => choose(v)}
              options={contests.map((c) => ({ value: c.id, label: `${c.id} ${c.title}` }))}
              data-testid="balloon-contest"
            />
          </Space>
          <Space>
            <Switch checked={undeliveredOnly} onChange={setUndeliveredOnly} aria-label={t('balloons.undeliveredOnly')} data-testid="balloon-undelivered-only" />
            <span>{t('balloons.undeliveredOnly')}</span>
          </Space>
        </Space>
        {contestId === undefined ? (
          <Empty description={t('balloons.chooseToSee')} />
        ) : (
          <Table<Balloon>
            rowKey={balloonKey}
            data-testid="balloon-table"
            loading={loading}
            dataSource={items}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            size="middle"
            rowClassName={(b) => (b.delivered ? 'balloon-delivered' : '')}
            locale={{ emptyText: undeliveredOnly && list?.total ? t('balloons.allDelivered') : t('balloons.none') }}
            onRow={(b) => ({ 'data-testid': `balloon-row-${balloonKey(b)}` }) as HTMLAttributes<HTMLElement>}
            columns={[
              {
                title: t('field.time'),
                key: 'time',
                width: 100,
                render: (_, b) => (
                  <Tooltip title={t('balloons.acceptedAt', { time: withZone(b.acceptTime) })}>
                    <span data-testid="balloon-time">{formatContestClock(b.contestSeconds)}</span>
                  </Tooltip>
                ),
              },
              { title: t('balloons.balloon'), key: 'balloon', width: 150, render: (_, b) => <BalloonSwatch color={b.color} colorName={b.colorName} withLabel /> },
              {
                title: t('field.problem'),
                key: 'problem',
                width: 240,
                render: (_, b) => (
                  <Space size={8}>
                    <span className="balloon-letter" style={{ background: b.color ?? '#fafafa', color: b.color ? inkOn(b.color) : 'inherit' }}>
                      {b.problemLetter}
                    </span>
                    <span>{b.problemTitle}</span>
                  </Space>
                ),
              },
              {
                title: t('balloons.contestant'),
                key: 'contestant',
                width: 200,
                render: (_, b) => (b.nickname && b.nickname !== b.username ? `${b.username} (${b.nickname})` : b.username),
              },
              {
                title: t('balloons.notes'),
                key: 'notes',
                width: 190,
                render: (_, b) => (
                  <Space size={4} wrap>
                    {b.firstToSolve ? (
                      <Tag color="gold" icon={<TrophyOutlined />} data-testid="balloon-first">
                        {t('balloons.first')}
                      </Tag>
                    ) : null}
                    {b.afterFreeze ? (
                      <Tooltip title={t('balloons.afterFreezeTip')}>
                        <Tag color="blue">{t('balloons.afterFreeze')}</Tag>
                      </Tooltip>
                    ) : null}
                  </Space>
                ),
              },
              {
                title: t('balloons.delivered'),
                // On a phone (issue 30, defect 6) the switch stays on screen; the other columns scroll under it.
                fixed: narrow ? 'right' : undefined,
                key: 'delivered',
                width: narrow ? 150 : 260,
                render: (_, b) => (
                  <Space>
                    <Switch
                      checked={b.delivered}
                      loading={busy.has(balloonKey(b))}
                      onChange={(on) => void mark(b, on)}
                      aria-label={t('balloons.delivered')}
                      data-testid={`balloon-delivered-${balloonKey(b)}`}
                    />
                    {b.delivered ? (
                      <Typography.Text type="secondary" data-testid="balloon-delivered-by">
                        {b.deliveredBy ?? t('balloons.deletedAccount')}, {b.deliveredAt ? withZone(b.deliveredAt.slice(11)) : null}
                      </Typography.Text>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
