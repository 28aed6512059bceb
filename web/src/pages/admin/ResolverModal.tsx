import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { contestApi } from '../../api/contest.ts';
import { errorMessage } from '../../api/client.ts';
import type { Contest } from '../../api/types.ts';
import { LeaderboardTable } from '../../components/LeaderboardTable.tsx';
import { Resolver, resolverRefusal, type ResolverStep } from '../../lib/resolver.ts';
import { sortByRank, type LeaderboardRow } from '../../lib/leaderboard.ts';
import { useT } from '../../i18n/index.ts';

interface Props {
  contest: Contest;
  problemCount: number;
  onClose: () => void;
}

/**
 * The resolver on the admin scoreboard (issue 16, item 1): the frozen board, uncovered one result
 * at a time from the bottom (Reveal next, or the space bar / right arrow), until it is the live
 * one. It reads both boards once and changes nothing on the server: the thaw stays a separate act.
 */
export function ResolverModal({ contest, problemCount, onClose }: Props) {
  const t = useT();
  const resolver = useRef<Resolver | null>(null);
  const [rows, setRows] = useState<LeaderboardRow[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [step, setStep] = useState<ResolverStep | null>(null);
  const [, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    Promise.all([contestApi.leaderboard(contest.id, true), contestApi.leaderboard(contest.id, false)]).then(
      ([frozen, current]) => {
        if (!live) return;
        const refused = resolverRefusal(contest.scoringRule, frozen, current);
        setRefusal(refused);
        if (!refused) {
          resolver.current = new Resolver(sortByRank(frozen), current);
          setRows(resolver.current.rows);
        }
        setLoading(false);
      },
      (err) => {
        if (!live) return;
        setRefusal(t('resolver.loadFailed', { message: errorMessage(err) }));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [contest.id, contest.scoringRule, t]);

  const advance = useCallback((all: boolean) => {
    const r = resolver.current;
    if (!r) return;
    if (all) {
      r.finish();
      setStep(null);
    } else {
      setStep(r.next());
    }
    setRows(r.rows);
    setTick((n) => n + 1);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === ' ' || e.key === 'ArrowRight') {
        e.preventDefault();
        advance(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [advance]);

  const r = resolver.current;
  const next = r?.peek() ?? null;
  return (
    <Modal open width="min(1200px, 96vw)" title={t('resolver.title', { title: contest.title })} onCancel={onClose} footer={null} data-testid="resolver">
      {refusal ? (
        <Alert type="warning" showIcon message={refusal} data-testid="resolver-refusal" />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('resolver.hint')}</Typography.Paragraph>
          <Space wrap style={{ marginBottom: 12 }}>
            <Button type="primary" disabled={!next} onClick={() => advance(false)} data-testid="resolver-next">
              {t('resolver.next')}
            </Button>
            <Button disabled={!next} onClick={() => advance(true)} data-testid="resolver-finish">
              {t('resolver.finish')}
            </Button>
            <span data-testid="resolver-status">{r && !loading ? (r.done ? t('resolver.done') : t('resolver.hidden', { count: r.pending })) : null}</span>
          </Space>
          {step ? (
            <Alert
              style={{ marginBottom: 12 }}
              type={step.result === 'AC' ? 'success' : 'info'}
              message={t('resolver.step', { user: step.userName, letter: step.letter, result: step.result || '—', from: step.from, to: step.to })}
              data-testid="resolver-step"
            />
          ) : null}
          <LeaderboardTable rows={rows} problemCount={problemCount} loading={loading} scoringRule="icpc" focusName={next?.userName} />
        </>
      )}
    </Modal>
  );
}
