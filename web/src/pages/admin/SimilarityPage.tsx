import { useCallback, useEffect, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Empty, Input, Progress, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { adminContestsApi } from '../../api/adminContests.ts';
import { similarityApi, type SimilarityPair, type SimilarityRun, type SimilarityRunSummary } from '../../api/similarity.ts';
import type { Contest, ContestProblem } from '../../api/types.ts';
import { notify } from '../../feedback.ts';
import { saveBlob } from '../../lib/download.ts';
import { useInterval } from '../../lib/useInterval.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { useT } from '../../i18n/index.ts';
import { SimilarityPairModal } from './SimilarityPairModal.tsx';

const PAGE_SIZE = 50;
const RUN_POLL_MS = 1000;
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;
const STATUS_KEYS = { running: 'similarity.status.running', done: 'similarity.status.done', failed: 'similarity.status.failed' } as const;

/**
 * Similarity checking (issue 31, docs/similarity.md): start an analysis of a contest (or one
 * problem), follow its progress, read the pairs most similar first, the clusters, one pair side by
 * side; download the CSV. Administrators only; contestants never see any of it.
 */
export default function SimilarityPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('contestId'));
  const contestId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : undefined;
  const [problemId, setProblemId] = useState<number | undefined>();
  const [selection, setSelection] = useState<'last' | 'accepted'>('last');
  const [baseFile, setBaseFile] = useState('');
  const [starting, setStarting] = useState(false);
  const [runs, setRuns] = useState<SimilarityRunSummary[]>([]);
  const [runId, setRunId] = useState<number | undefined>();
  const [run, setRun] = useState<SimilarityRun | null>(null);
  const [pairs, setPairs] = useState<{ total: number; items: SimilarityPair[] }>({ total: 0, items: [] });
  const [page, setPage] = useState(1);
  const [shownPair, setShownPair] = useState<number | undefined>();

  const { data: contests } = useRequest(() => adminContestsApi.list(), { initial: [] as Contest[], onError: () => notify.error(t('contests.failed')) });
  const { data: problems } = useRequest(() => (contestId ? adminContestsApi.problems(contestId) : Promise.resolve([])), {
    initial: [] as ContestProblem[],
    onError: (err) => notify.error(errorMessage(err)),
    deps: [contestId],
  });

  const loadRuns = useCallback(async () => {
    if (contestId === undefined) return;
    try {
      const list = await similarityApi.runs(contestId);
      setRuns(list);
      setRunId((current) => (current !== undefined && list.some((r) => r.runId === current) ? current : list[0]?.runId));
    } catch (err) {
      notify.error(t('similarity.failed', { message: errorMessage(err) }));
    }
  }, [contestId, t]);

  useEffect(() => {
    setRuns([]);
    setRunId(undefined);
    setRun(null);
    setProblemId(undefined);
    void loadRuns();
  }, [loadRuns]);

  const loadRun = useCallback(async () => {
    if (runId === undefined) return;
    try {
      const fresh = await similarityApi.run(runId);
      setRun(fresh);
      setRuns((list) => list.map((r) => (r.runId === fresh.runId ? { ...r, status: fresh.status } : r)));
      if (fresh.status === 'done') setPairs(await similarityApi.pairs(runId, page, PAGE_SIZE));
      else setPairs({ total: 0, items: [] });
    } catch (err) {
      notify.error(t('similarity.failed', { message: errorMessage(err) }));
    }
  }, [runId, page, t]);

  useEffect(() => {
    void loadRun();
  }, [loadRun]);
  useInterval(() => void loadRun(), run?.status === 'running' ? RUN_POLL_MS : null);

  const start = async () => {
    if (contestId === undefined) return;
    setStarting(true);
    try {
      const started = await similarityApi.start({ contestId, selection, ...(problemId ? { problemId } : {}), ...(baseFile.trim() ? { baseFile } : {}) });
      setPage(1);
      setRunId(started.runId);
      setRuns((list) => [started, ...list]);
    } catch (err) {
      notify.error(t('similarity.startFailed', { message: errorMessage(err) }));
    } finally {
      setStarting(false);
    }
  };

  const downloadCsv = async () => {
    if (runId === undefined) return;
    try {
      saveBlob(await similarityApi.csv(runId), `similarity-run-${runId}.csv`);
    } catch (err) {
      notify.error(t('similarity.failed', { message: errorMessage(err) }));
    }
  };

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card title={t('nav.similarity')}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space wrap size="large">
            <Select<number>
              showSearch
              optionFilterProp="label"
              placeholder={t('balloons.chooseContest')}
              aria-label={t('field.contest')}
              style={{ minWidth: 260 }}
              value={contestId}
              onChange={(v) => setParams({ contestId: String(v) }, { replace: true })}
              options={contests.map((c) => ({ value: c.id, label: `${c.id} ${c.title}` }))}
              data-testid="similarity-contest"
            />
            <Select<number>
              allowClear
              placeholder={t('similarity.allProblems')}
              aria-label={t('field.problem')}
              style={{ minWidth: 200 }}
              value={problemId}
              onChange={(v) => setProblemId(v)}
              options={problems.map((p) => ({ value: p.problemId, label: `${p.letter} ${p.title}` }))}
              data-testid="similarity-problem"
            />
            <Radio.Group value={selection} onChange={(e) => setSelection(e.target.value as 'last' | 'accepted')} data-testid="similarity-selection">
              <Radio.Button value="last">{t('similarity.last')}</Radio.Button>
              <Radio.Button value="accepted">{t('similarity.accepted')}</Radio.Button>
            </Radio.Group>
            <Button type="primary" icon={<PlayCircleOutlined />} disabled={contestId === undefined || run?.status === 'running'} loading={starting} onClick={() => void start()} data-testid="similarity-start">
              {t('similarity.start')}
            </Button>
          </Space>
          <Input.TextArea
            rows={2}
            value={baseFile}
            onChange={(e) => setBaseFile(e.target.value)}
            placeholder={t('similarity.basePlaceholder')}
            aria-label={t('similarity.base')}
            data-testid="similarity-base"
          />
          {contestId === undefined ? (
            <Empty description={t('similarity.chooseContest')} />
          ) : runs.length === 0 ? (
            <Empty description={t('similarity.noRuns')} />
          ) : (
            <Space wrap>
              <span>{t('similarity.run')}</span>
              <Select<number>
                style={{ minWidth: 320 }}
                value={runId}
                onChange={(v) => {
                  setPage(1);
                  setRunId(v);
                }}
                options={runs.map((r) => ({ value: r.runId, label: `#${r.runId} ${r.createdAt} · ${t(STATUS_KEYS[r.status])}` }))}
                data-testid="similarity-run"
              />
              <Button icon={<DownloadOutlined />} disabled={run?.status !== 'done'} onClick={() => void downloadCsv()} data-testid="similarity-csv">
                CSV
              </Button>
            </Space>
          )}
          {run ? <RunSummary run={run} /> : null}
          {run?.status === 'done' ? (
            <Table<SimilarityPair>
              rowKey="pairId"
              data-testid="similarity-pairs"
              dataSource={pairs.items}
              size="middle"
              scroll={{ x: 'max-content' }}
              pagination={{ current: page, pageSize: PAGE_SIZE, total: pairs.total, showSizeChanger: false, hideOnSinglePage: true, onChange: setPage }}
              locale={{ emptyText: t('similarity.noPairs') }}
              onRow={(p) => ({ 'data-testid': `similarity-pair-${p.pairId}` }) as HTMLAttributes<HTMLElement>}
              columns={[
                { title: t('field.problem'), key: 'problem', width: 80, render: (_, p) => p.letter },
                { title: t('similarity.userA'), key: 'a', render: (_, p) => p.userA.username },
                { title: t('similarity.userB'), key: 'b', render: (_, p) => p.userB.username },
                {
                  title: t('similarity.similarity'),
                  key: 'similarity',
                  width: 200,
                  render: (_, p) => <Progress percent={Math.round(p.similarity * 1000) / 10} size="small" status={p.similarity >= 0.5 ? 'exception' : 'normal'} format={() => percent(p.similarity)} />,
                },
                { title: t('similarity.longest'), key: 'longest', render: (_, p) => t('similarity.tokens', { count: p.longestFragment }) },
                { title: t('similarity.submissions'), key: 'subs', render: (_, p) => `${p.userA.submissions} / ${p.userB.submissions}` },
                { title: '', key: 'fallback', render: (_, p) => (p.fallback ? <Tag color="orange">{t('similarity.generic')}</Tag> : null) },
                {
                  title: '',
                  key: 'view',
                  render: (_, p) => (
                    <Button size="small" onClick={() => setShownPair(p.pairId)} data-testid={`similarity-view-${p.pairId}`}>
                      {t('common.view')}
                    </Button>
                  ),
                },
              ]}
            />
          ) : null}
        </Space>
      </Card>
      <SimilarityPairModal pairId={shownPair} onClose={() => setShownPair(undefined)} />
    </div>
  );
}

function RunSummary({ run }: { run: SimilarityRun }) {
  const t = useT();
  if (run.status === 'running') {
    return (
      <div data-testid="similarity-progress">
        <Typography.Text>{t('similarity.progress', { done: run.doneSources, total: run.totalSources })}</Typography.Text>
        <Progress percent={Math.floor(run.progress * 100)} status="active" />
      </div>
    );
  }
  if (run.status === 'failed') return <Alert type="error" showIcon message={t('similarity.runFailed', { message: run.message ?? '' })} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="similarity-summary">
      <Typography.Text type="secondary">
        {t('similarity.summary', { sources: run.totalSources, selection: t(run.selection === 'last' ? 'similarity.last' : 'similarity.accepted') })}
      </Typography.Text>
      {run.problems
        .filter((p) => p.fallbackSources > 0)
        .map((p) => (
          <Alert
            key={p.problemId}
            type="warning"
            showIcon
            data-testid="similarity-fallback"
            message={t('similarity.fallback', { letter: p.letter, count: p.fallbackSources, languages: p.fallbackLanguages.join(', ') })}
          />
        ))}
      {run.clusters.length ? (
        <div data-testid="similarity-clusters">
          <Typography.Text strong>{t('similarity.clusters')}</Typography.Text>
          {run.clusters.map((c, i) => (
            <div key={i}>
              <Tag>{c.letter}</Tag>
              {c.users.map((u) => (
                <Tag color="red" key={u.userId}>
                  {u.username}
                </Tag>
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </Space>
  );
}
