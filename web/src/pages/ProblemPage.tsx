import { useEffect, useRef, useState } from 'react';
import { Button, Card, Empty, Select, Space, Spin, Tag, Typography } from 'antd';
import { DownloadOutlined, SendOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { judgeApi } from '../api/judge.ts';
import { ApiError, errorMessage } from '../api/client.ts';
import { ErrorKinds, SUBMIT_LIMITS, type SubmitRefusalData } from '@verdict/shared';
import type { ContestProblem, JudgeTemplate, Problem, SubmissionResult } from '../api/types.ts';
import { contestApi } from '../api/contest.ts';
import { paths, urls } from '../lib/paths.ts';
import { checkSubmission } from '../lib/validation.ts';
import { parseServerTime, problemOpenRefusal } from '../lib/time.ts';
import { useLiveContest } from '../lib/useLiveContest.ts';
import { isFinalVerdict } from '../lib/verdict.ts';
import { useInterval } from '../lib/useInterval.ts';
import { saveBlob } from '../lib/download.ts';
import { readStoredContest, storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { MarkdownView } from '../components/MarkdownView.tsx';
import { PdfStatement } from '../components/PdfStatement.tsx';
import { CodeEditor } from '../components/CodeEditor.tsx';
import { CodeDraftBar } from '../components/CodeDraftBar.tsx';
import { MySubmissionsList } from '../components/MySubmissionsList.tsx';
import { templateForFile, useCodeDraft } from '../lib/useCodeDraft.ts';
import { matchesLanguage } from '../lib/languageSearch.ts';
import { useSubmitShortcut } from '../lib/useSubmitShortcut.ts';
import { ClarificationsPanel } from '../components/ClarificationsPanel.tsx';
import { SourceFilesPicker, type PickedFile } from '../components/SourceFilesPicker.tsx';
import { EMPTY_RESULT, SubmissionResultPanel, type EffectiveLimits, type ResultPanelState } from '../components/SubmissionResultPanel.tsx';
import type { ApiData } from '@verdict/shared';

type ProblemLimits = ApiData<'GET /api/problem/limits'>;
import { ContestCountdown } from '../components/ContestCountdown.tsx';
import { serverNow } from '../lib/serverClock.ts';
import { useLiveEvents } from '../lib/useLiveEvents.ts';
import type { LiveSubmission } from '../lib/liveEvents.ts';
import { t as tNow, useT } from '../i18n/index.ts';

const CONTEST_END_CHECK_MS = 5000;
const POLL_MS = 1000;
const POLL_LIMIT = 180;
/** While the live stream is connected it brings the verdict; a poll only as a safety net. */
const LIVE_FOLLOW_MS = 10_000;

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

/** The page, mounted afresh for each problem: the letter tabs move between problems inside the app. */
export default function ProblemRoute() {
  const { search } = useLocation();
  return <ProblemPage key={search} />;
}

function ProblemPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const t = useT();
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
  // The code and the template, kept in this browser per problem and template as drafts.
  const draft = useCodeDraft({ username: storage.get('username') ?? '', problemId: problem?.id ?? target.problemId, templates, templatesLoaded: !loadingTemplates });
  const { templateId, code, setCode } = draft;
  /** Several files submitted together instead of the editor's code. */
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [result, setResult] = useState<ResultPanelState>(EMPTY_RESULT);
  const submittingRef = useRef(false);
  const alive = useRef(true);
  /** The submission being followed, and how to wake its follower when the live stream brings its verdict. */
  const followed = useRef<{ id: number; wake: () => void } | null>(null);
  /** The newest state the live stream told of each submission (news may come before the submit reply). */
  const liveStates = useRef(new Map<number, LiveSubmission>());
  /**
   * While /api/submit has not answered (it waits for the verdict up to SUBMIT_WAIT_MS): this
   * problem's id and the submissions known before, so that the new one's Judging (and the test it
   * runs) shows while it is judged, not Pending until the verdict.
   */
  const awaitingReply = useRef<{ problemId: number; known: Set<number> } | null>(null);
  const live = useLiveEvents(target.contestId ?? null, (e) => {
    if (e.event !== 'submission') return;
    const s = e.data;
    const waiting = awaitingReply.current;
    if (waiting && followed.current === null && s.problemId === waiting.problemId && !waiting.known.has(s.id) && !isFinalVerdict(s.judgeResult)) {
      setResult((r) => ({ ...r, judgeResult: s.judgeResult, judgingTest: s.judgingTest }));
    }
    liveStates.current.set(s.id, s);
    if (followed.current?.id !== s.id) return;
    if (isFinalVerdict(s.judgeResult)) followed.current.wake();
    else setResult((r) => ({ ...r, judgeResult: s.judgeResult, judgingTest: s.judgingTest }));
  });
  const liveRef = useRef(live);
  liveRef.current = live;
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
      .then(setProblem, () => notify.error(tNow('problem.loadFailed', { name: storedTitle || tNow('problem.numbered', { id: problemId ?? '' }) })))
      .finally(() => setLoadingProblem(false));
    // Read once: the target never changes for this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The contest's problems, for the letter of this one, the tabs to the others and the document title.
  const [contestProblems, setContestProblems] = useState<ContestProblem[]>([]);
  useEffect(() => {
    if (target.contestId === null) return;
    contestApi.problems(target.contestId).then(setContestProblems, () => undefined); // the page works without letters
  }, [target.contestId]);
  const letter = contestProblems.find((p) => p.problemId === (problem?.id ?? target.problemId))?.letter ?? null;
  useEffect(() => {
    if (title) document.title = `${letter ? `${letter}. ` : ''}${title} · Verdict`;
  }, [letter, title]);

  // The contest as the server has it now (its reply teaches the page the server's clock): an
  // edited end moves the countdown, its warning and the return to contest details.
  const { contest } = useLiveContest(target.contestId, { onRead: (c) => setContestEnd(c.endTime) });

  useEffect(() => {
    judgeApi
      .templates()
      .then(setTemplates, () => notify.error(tNow('problem.templatesFailed')))
      .finally(() => setLoadingTemplates(false));
  }, []);

  // The spec's check every 5 s: once the contest has ended (or, its start moved, not begun), back to contest details.
  useInterval(() => {
    const refusal = contest
      ? problemOpenRefusal(parseServerTime(contest.startTime), parseServerTime(contest.endTime), serverNow())
      : serverNow() >= parseServerTime(contestEnd ?? '') ? t('contest.ended') : null;
    if (refusal) {
      notify.error(refusal);
      navigate(target.contestId !== null ? urls.contestDetails(target.contestId) : paths.contestDetails);
    }
  }, CONTEST_END_CHECK_MS);

  const template = templates.find((tpl) => tpl.id === templateId);

  // The limits a run in the chosen language gets (the problem's, times the language's factors).
  const [limits, setLimits] = useState<ProblemLimits | null>(null);
  useEffect(() => {
    if (!problem) return;
    judgeApi.limits(problem.id, target.contestId ?? undefined).then(setLimits, () => undefined); // the page works without them
  }, [problem, target.contestId]);
  const languageLimits = limits?.languages.find((l) => l.id === template?.languageId) ?? null;
  /** The limits of the submission in the result panel (its language, not the one chosen since). */
  const [resultLimits, setResultLimits] = useState<EffectiveLimits | null>(null);

  const chooseTemplate = (id: number) => void draft.chooseTemplate(id);

  /** One source file from disk: into the editor, under the template of its language. */
  const loadSourceFile = async (file: PickedFile) => {
    if (await draft.loadFile(file.name, file.content, templateForFile(templates, templateId, file.name))) notify.success(t('files.loaded', { name: file.name }));
  };

  const download = async () => {
    if (!problem) return;
    setDownloading(true);
    try {
      saveBlob(await judgeApi.downloadPdf(problem.id), `${problem.title}.pdf`);
      notify.success(t('problem.downloaded'));
    } catch {
      notify.error(t('problem.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  /** Until the live stream tells of a verdict for `id`, or the next poll is due (rarely while live). */
  const waitForNews = (id: number) =>
    new Promise<void>((resolve) => {
      const known = liveStates.current.get(id);
      if (known && isFinalVerdict(known.judgeResult)) return resolve();
      const done = () => {
        clearTimeout(timer);
        if (followed.current?.id === id) followed.current = null;
        resolve();
      };
      const timer = setTimeout(done, liveRef.current ? LIVE_FOLLOW_MS : POLL_MS);
      followed.current = { id, wake: done };
    });

  /** Submissions judged in the background come back pending; follow them until they are final. */
  const follow = async (first: SubmissionResult) => {
    let current = toPanel(first);
    for (let i = 0; first.id !== undefined && !isFinalVerdict(current.judgeResult) && i < POLL_LIMIT; i++) {
      await waitForNews(first.id);
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
    const previousLimits = resultLimits;
    setResult({ ...EMPTY_RESULT, judgeResult: 'PD' });
    setResultLimits(files.length === 0 && languageLimits ? { timeMs: languageLimits.timeLimit, memoryMb: languageLimits.memoryLimit } : null);
    awaitingReply.current = { problemId: problem.id, known: new Set(liveStates.current.keys()) };
    try {
      const reply = await judgeApi.submit({
        problemId: problem.id,
        language: template!.language,
        ...(files.length > 0 ? { files } : { code }),
        contestId: target.contestId ?? undefined,
      });
      awaitingReply.current = null;
      if (!alive.current) return;
      const started = Date.now();
      setNow(started);
      setCooldownUntil(started + SUBMIT_LIMITS.minIntervalMs);
      notify.success(t('problem.submitted'));
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
        setResultLimits(previousLimits);
        notify.error(errorMessage(err));
        return;
      }
      notify.error(t('problem.submitFailed'));
      setResult({ ...EMPTY_RESULT, compileMessage: errorMessage(err) });
    } finally {
      awaitingReply.current = null;
      submittingRef.current = false;
      if (alive.current) setSubmitting(false);
    }
  };

  useSubmitShortcut(() => void submit());

  const returnButtons = (
    <Space wrap>
      {target.contestId !== null ? <ClarificationsPanel contestId={target.contestId} problemId={problem?.id ?? target.problemId ?? undefined} /> : null}
      <Button onClick={() => navigate(paths.contestList)} data-testid="back-contest-list">
        {t('problem.backToList')}
      </Button>
      <Button onClick={() => navigate(target.contestId !== null ? urls.contestDetails(target.contestId) : paths.contestDetails)} data-testid="back-contest-details">
        {t('problem.backToDetails')}
      </Button>
    </Space>
  );

  if (!title && target.problemId === null) {
    return (
      <div className="page">
        <Empty description={t('problem.noneSelected')} />
        <div style={{ textAlign: 'center', marginTop: 16 }}>{returnButtons}</div>
      </div>
    );
  }

  return (
    <div className="page">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {letter ? <span data-testid="problem-letter">{`${letter}. `}</span> : null}
          <span data-testid="problem-title">{title}</span>
        </Typography.Title>
        {contestProblems.length > 1 ? (
          <nav aria-label={t('problem.otherProblems')} className="problem-letter-tabs" data-testid="problem-tabs">
            {contestProblems.map((p) => (
              <Link
                key={p.problemId}
                to={urls.problemPage(p.problemId, target.contestId)}
                title={p.title}
                aria-current={p.letter === letter ? 'page' : undefined}
                className={p.letter === letter ? 'problem-letter-tab current' : 'problem-letter-tab'}
                onClick={() => {
                  storage.set('chosenProblemId', p.problemId);
                  storage.set('chosenProblemTitle', p.title);
                }}
              >
                {p.letter}
              </Link>
            ))}
          </nav>
        ) : null}
        {contest && <ContestCountdown startTime={contest.startTime} endTime={contest.endTime} />}
        {returnButtons}
      </Space>
      <div className="split">
        <Card
          style={{ flex: 1, minWidth: 0 }}
          title={
            problem ? (
              <Space wrap>
                <Tag data-testid="time-limit">{t('problem.timeLimit', { value: problem.timeLimit })}</Tag>
                <Tag data-testid="memory-limit">{t('problem.memoryLimit', { value: problem.memoryLimit })}</Tag>
                {languageLimits ? (
                  <Tag
                    color="blue"
                    data-testid="language-limits"
                    title={
                      limits?.languageFactors
                        ? t('problem.languageFactors', { language: languageLimits.name, time: languageLimits.timeFactor, memory: languageLimits.memoryFactor })
                        : t('problem.sameLimits')
                    }
                  >
                    {`${languageLimits.name}: ${languageLimits.timeLimit} ms, ${languageLimits.memoryLimit} MB`}
                  </Tag>
                ) : null}
              </Space>
            ) : (
              t('problem.statement')
            )
          }
          extra={
            <Button icon={<DownloadOutlined />} onClick={download} loading={downloading} disabled={!problem} data-testid="download-pdf">
              {t('problem.pdf')}
            </Button>
          }
        >
          <Spin spinning={loadingProblem}>
            {problem?.statement ? (
              <MarkdownView source={problem.statement} />
            ) : problem?.hasPdf ? (
              <PdfStatement problemId={problem.id} title={problem.title} />
            ) : (
              <Empty description={t('problem.noStatement')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            )}
          </Spin>
        </Card>
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Card size="small">
            <Space wrap style={{ width: '100%', marginBottom: 8 }}>
              <Select<number>
                placeholder={t('problem.chooseLanguage')}
                aria-label={t('problem.chooseLanguage')}
                style={{ minWidth: 220 }}
                // Typing filters (case, spaces and punctuation aside: "c++17" finds "C++ 17"); Enter takes the first match.
                showSearch
                filterOption={(input, option) => matchesLanguage(String(option?.label ?? ''), input)}
                loading={loadingTemplates}
                value={templateId}
                onChange={chooseTemplate}
                data-testid="template-select"
                options={templates.map((tpl) => {
                  const label = tpl.comment ? `${tpl.language} — ${tpl.comment}` : tpl.language;
                  // A package may take only some languages (problem.yaml languages): the others are shown, not chosen.
                  const refused = limits?.languages.find((l) => l.id === tpl.languageId)?.allowed === false;
                  return { value: tpl.id, label: refused ? t('problem.languageNotAllowed', { language: label }) : label, disabled: refused };
                })}
              />
              <Button
                type="primary"
                icon={<SendOutlined />}
                onClick={submit}
                loading={submitting}
                disabled={!problem || cooldownSeconds > 0}
                data-testid="submit-code"
                title={cooldownSeconds > 0 ? t('problem.cooldownTitle') : undefined}
              >
                {cooldownSeconds > 0 ? t('problem.submitWait', { seconds: cooldownSeconds }) : t('problem.submit')}
              </Button>
              <SourceFilesPicker files={files} onChange={setFiles} onSingle={(f) => void loadSourceFile(f)} disabled={submitting} />
            </Space>
            <CodeEditor value={code} onChange={setCode} mode={template?.editorMode} language={template?.language} onSubmitShortcut={() => void submit()} />
            <CodeDraftBar draft={draft} hasTemplate={template !== undefined} />
          </Card>
          <SubmissionResultPanel result={result} limits={resultLimits} />
          {target.contestId !== null && problem ? (
            <MySubmissionsList contestId={target.contestId} problemId={problem.id} version={`${result.judgeResult}|${result.judgeTime}`} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
