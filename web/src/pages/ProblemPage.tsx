import { useEffect, useRef, useState } from 'react';
import { Button, Card, Empty, Select, Space, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined, SendOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { contestApi } from '../api/contest.ts';
import { judgeApi } from '../api/judge.ts';
import { ApiError, errorMessage } from '../api/client.ts';
import { ErrorKinds, SUBMIT_LIMITS, type SubmitRefusalData } from '@verdict/shared';
import type { JudgeTemplate, Problem, SubmissionResult } from '../api/types.ts';
import { paths, urls } from '../lib/paths.ts';
import { checkSubmission } from '../lib/validation.ts';
import { CONTEST_ENDED, parseServerTime } from '../lib/time.ts';
import { isFinalVerdict } from '../lib/verdict.ts';
import { useInterval } from '../lib/useInterval.ts';
import { saveBlob } from '../lib/download.ts';
import { readStoredContest, storage } from '../storage.ts';
import { confirmDialog, notify } from '../feedback.ts';
import { MarkdownView } from '../components/MarkdownView.tsx';
import { CodeEditor } from '../components/CodeEditor.tsx';
import { ClarificationsPanel } from '../components/ClarificationsPanel.tsx';
import { SourceFilesPicker, type PickedFile } from '../components/SourceFilesPicker.tsx';
import { EMPTY_RESULT, SubmissionResultPanel, type ResultPanelState } from '../components/SubmissionResultPanel.tsx';
import { ContestCountdown } from '../components/ContestCountdown.tsx';
import { serverNow } from '../lib/serverClock.ts';

const CONTEST_END_CHECK_MS = 5000;
const POLL_MS = 1000;
const POLL_LIMIT = 180;

function toPanel(r: SubmissionResult): ResultPanelState {
  return {
    judgeResult: r.judgeResult,
    runTime: r.runTime ?? null,
    runMemory: r.runMemory ?? null,
    judgeTime: r.judgeTime ?? '',
    compileMessage: r.compileMessage ?? '',
    score: r.score ?? null,
    maxScore: r.maxScore ?? null,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Which problem (of which contest) this page shows: its URL's `problemId` and `contestId`, read
 * once. Without them (a link from before), the spec's storage keys, once; the URL is then set
 * so that a reload shows the same problem. Never re-read: another tab choosing another problem
 * must not change what this one shows or where its code goes.
 */
interface ProblemTarget {
  problemId: number | null;
  contestId: number | null;
  /** The stored title (the spec's way to find the problem) when there is no id. */
  title: string;
}

function readTarget(search: string): ProblemTarget {
  const params = new URLSearchParams(search);
  const id = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : null);
  if (id(params.get('problemId')) !== null) return { problemId: id(params.get('problemId')), contestId: id(params.get('contestId')), title: '' };
  return { problemId: id(storage.get('chosenProblemId')), contestId: id(readStoredContest().contestId), title: storage.get('chosenProblemTitle') ?? '' };
}

export default function ProblemPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [target] = useState(() => readTarget(location.search));
  const [contestEnd, setContestEnd] = useState<string | null>(() => {
    const stored = readStoredContest();
    return stored.contestId !== null && Number(stored.contestId) === target.contestId ? stored.endTime : null;
  });
  const [problem, setProblem] = useState<Problem | null>(null);
  const title = problem?.title ?? target.title;
  const [loadingProblem, setLoadingProblem] = useState(true);
  const [templates, setTemplates] = useState<JudgeTemplate[]>([]);
  const [loadingTemplates, setLoadingTemplates] = useState(true);
  const [templateId, setTemplateId] = useState<number | undefined>(undefined);
  const [code, setCode] = useState('');
  /** Several files submitted together instead of the editor's code. */
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [result, setResult] = useState<ResultPanelState>(EMPTY_RESULT);
  const submittingRef = useRef(false);
  const alive = useRef(true);
  // The server takes one submission per SUBMIT_LIMITS.minIntervalMs: the button counts it down.
  const [cooldownUntil, setCooldownUntil] = useState(0);
  const [now, setNow] = useState(Date.now());
  const cooldownSeconds = Math.max(0, Math.ceil((cooldownUntil - now) / 1000));
  useInterval(() => setNow(Date.now()), cooldownUntil > now ? 250 : null);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    const { problemId, contestId, title: storedTitle } = target;
    if (problemId === null && !storedTitle) {
      setLoadingProblem(false);
      return;
    }
    if (problemId !== null && !location.search) navigate(urls.problemPage(problemId, contestId), { replace: true });
    const load = problemId !== null ? judgeApi.problem(problemId, contestId ?? undefined) : judgeApi.problemByTitle(storedTitle);
    load
      .then(setProblem, () => notify.error(`Failed to get ${storedTitle || `problem ${problemId}`}'s information!`))
      .finally(() => setLoadingProblem(false));
    // Read once: the target never changes for this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The contest's window for the countdown, and the server's clock (the reply carries it).
  const [contestWindow, setContestWindow] = useState<{ startTime: string; endTime: string } | null>(null);
  useEffect(() => {
    if (target.contestId === null) return;
    contestApi.contestInfo(target.contestId).then(
      (c) => {
        setContestEnd(c.endTime);
        setContestWindow({ startTime: c.startTime, endTime: c.endTime });
      },
      () => undefined, // the page works without the end check; the server refuses late submissions anyway
    );
  }, [target.contestId]);

  useEffect(() => {
    judgeApi
      .templates()
      .then(setTemplates, () => notify.error('Failed to get template information!'))
      .finally(() => setLoadingTemplates(false));
  }, []);

  useInterval(() => {
    const end = parseServerTime(contestEnd ?? '');
    if (Number.isFinite(end) && serverNow() > end) {
      notify.error(CONTEST_ENDED);
      navigate(target.contestId !== null ? urls.contestDetails(target.contestId) : paths.contestDetails);
    }
  }, CONTEST_END_CHECK_MS);

  const template = templates.find((t) => t.id === templateId);

  const chooseTemplate = async (id: number) => {
    const next = templates.find((t) => t.id === id);
    if (!next) return;
    const untouched = !code.trim() || code === template?.description;
    if (!untouched && !(await confirmDialog({ title: "Replace your code with the template's script?" }))) {
      setTemplateId(id);
      return;
    }
    setTemplateId(id);
    setCode(next.description);
  };

  const download = async () => {
    if (!problem) return;
    setDownloading(true);
    try {
      saveBlob(await judgeApi.downloadPdf(problem.id), `${problem.title}.pdf`);
      notify.success('Download successfully!');
    } catch {
      notify.error('Download error!');
    } finally {
      setDownloading(false);
    }
  };

  /** Submissions judged in the background come back pending; follow them until they are final. */
  const follow = async (first: SubmissionResult) => {
    let current = toPanel(first);
    for (let i = 0; first.id !== undefined && !isFinalVerdict(current.judgeResult) && i < POLL_LIMIT; i++) {
      await sleep(POLL_MS);
      if (!alive.current) return;
      try {
        const record = await judgeApi.recordDetail(first.id);
        current = {
          judgeResult: record.judgeResult,
          runTime: record.runTime,
          runMemory: record.runMemory,
          judgeTime: record.judgeTime,
          compileMessage: record.compileMessage ?? '',
          score: record.score,
          maxScore: record.maxScore,
        };
        setResult(current);
      } catch {
        // A failed poll is retried; the record itself is safe on the server.
      }
    }
  };

  const submit = async () => {
    if (submittingRef.current || !problem || cooldownUntil > Date.now()) return;
    const problemText = checkSubmission(template?.language, files.length > 0 ? files.map((f) => f.content).join('') : code);
    if (problemText) {
      notify.error(problemText);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    const previous = result;
    setResult({ ...EMPTY_RESULT, judgeResult: 'PD' });
    try {
      const reply = await judgeApi.submit({
        problemId: problem.id,
        language: template!.language,
        ...(files.length > 0 ? { files } : { code }),
        contestId: target.contestId ?? undefined,
      });
      if (!alive.current) return;
      const started = Date.now();
      setNow(started);
      setCooldownUntil(started + SUBMIT_LIMITS.minIntervalMs);
      notify.success('Your code has been submitted successfully!');
      setResult(toPanel(reply));
      await follow(reply);
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorKinds.RATE_LIMITED.code) {
        // Refused for submitting too fast: nothing was judged, the last verdict stays.
        const wait = (err.data as SubmitRefusalData | null)?.retryAfterMs ?? SUBMIT_LIMITS.minIntervalMs;
        const refused = Date.now();
        setNow(refused);
        setCooldownUntil(refused + wait);
        setResult(previous);
        notify.error(err.message);
        return;
      }
      notify.error('Failed to submit your code!');
      setResult({ ...EMPTY_RESULT, compileMessage: errorMessage(err) });
    } finally {
      submittingRef.current = false;
      if (alive.current) setSubmitting(false);
    }
  };

  const returnButtons = (
    <Space wrap>
      {target.contestId !== null ? <ClarificationsPanel contestId={target.contestId} problemId={problem?.id ?? target.problemId ?? undefined} /> : null}
      <Button onClick={() => navigate(paths.contestList)} data-testid="back-contest-list">
        Back to Contest List
      </Button>
      <Button onClick={() => navigate(target.contestId !== null ? urls.contestDetails(target.contestId) : paths.contestDetails)} data-testid="back-contest-details">
        Back to Contest Details
      </Button>
    </Space>
  );

  if (!title && target.problemId === null) {
    return (
      <div className="page">
        <Empty description="No problem selected" />
        <div style={{ textAlign: 'center', marginTop: 16 }}>{returnButtons}</div>
      </div>
    );
  }

  return (
    <div className="page">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="problem-title">
          {title}
        </Typography.Title>
        {contestWindow && <ContestCountdown startTime={contestWindow.startTime} endTime={contestWindow.endTime} />}
        {returnButtons}
      </Space>
      <div className="split">
        <Card
          style={{ flex: 1, minWidth: 0 }}
          title={
            problem ? (
              <Space wrap>
                <Tag>Time Limit: {problem.timeLimit} ms</Tag>
                <Tag>Memory Limit: {problem.memoryLimit} MB</Tag>
              </Space>
            ) : (
              'Statement'
            )
          }
          extra={
            <Button icon={<DownloadOutlined />} onClick={download} loading={downloading} disabled={!problem} data-testid="download-pdf">
              PDF
            </Button>
          }
        >
          <Spin spinning={loadingProblem}>
            {problem?.statement ? <MarkdownView source={problem.statement} /> : <Empty description="No statement" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          </Spin>
        </Card>
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Card size="small">
            <Space wrap style={{ width: '100%', marginBottom: 8 }}>
              <Select<number>
                placeholder="Choose a language"
                style={{ minWidth: 220 }}
                loading={loadingTemplates}
                value={templateId}
                onChange={chooseTemplate}
                data-testid="template-select"
                options={templates.map((t) => ({ value: t.id, label: t.comment ? `${t.language} — ${t.comment}` : t.language }))}
              />
              <Button
                type="primary"
                icon={<SendOutlined />}
                onClick={submit}
                loading={submitting}
                disabled={!problem || cooldownSeconds > 0}
                data-testid="submit-code"
                title={cooldownSeconds > 0 ? 'One submission every few seconds' : undefined}
              >
                {cooldownSeconds > 0 ? `Submit (${cooldownSeconds} s)` : 'Submit'}
              </Button>
              <SourceFilesPicker files={files} onChange={setFiles} onSingle={(f) => setCode(f.content)} disabled={submitting} />
            </Space>
            <CodeEditor value={code} onChange={setCode} language={template?.language} />
          </Card>
          <SubmissionResultPanel result={result} />
        </div>
      </div>
    </div>
  );
}
