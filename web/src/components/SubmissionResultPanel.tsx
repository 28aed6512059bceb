import { Card, Descriptions, Typography } from 'antd';
import { hasRunFigures } from '../lib/recordFigures.ts';
import { VerdictTag } from './VerdictTag.tsx';
import { t, useLanguage } from '../i18n/index.ts';
import { withZone } from '../lib/time.ts';

export interface ResultPanelState {
  judgeResult: string;
  runTime: number | null;
  runMemory: number | null;
  judgeTime: string;
  compileMessage: string;
  /** Scoring problems: the score and the most possible (null otherwise). */
  score?: number | null;
  maxScore?: number | null;
  /** While judging, from the live stream: 0 compiling, n running test n. */
  judgingTest?: number | null;
}

/** "Running on test 7" while a submission is judged (the live stream tells which test). */
export function judgingText(result: Pick<ResultPanelState, 'judgeResult' | 'judgingTest'>): string | null {
  if (result.judgeResult !== 'JG' || typeof result.judgingTest !== 'number') return null;
  return result.judgingTest === 0 ? t('judging.compiling') : t('judging.runningTest', { test: result.judgingTest });
}

export const EMPTY_RESULT: ResultPanelState = { judgeResult: '', runTime: null, runMemory: null, judgeTime: '', compileMessage: '' };

/** The limits the submission ran under: the problem's scaled by its language's factors. */
export interface EffectiveLimits {
  timeMs: number;
  memoryMb: number;
}

export function SubmissionResultPanel({ result, limits }: { result: ResultPanelState; limits?: EffectiveLimits | null }) {
  useLanguage();
  return (
    <Card title={t('problem.result')} size="small" data-testid="result-panel">
      {/* Two columns at most (the panel is half a page wide); the verdict's full name has its own row. */}
      <Descriptions column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }} size="small">
        <Descriptions.Item label={t('field.verdict')} span="filled">
          {result.judgeResult ? <span data-testid="result-verdict"><VerdictTag code={result.judgeResult} full /></span> : '—'}
          {judgingText(result) ? (
            <Typography.Text type="secondary" data-testid="judging-test" style={{ marginLeft: 8 }}>
              {judgingText(result)}
            </Typography.Text>
          ) : null}
        </Descriptions.Item>
        {/* A row of its own (issue 30, defect 4): beside Time at 1024 px the date ran into "20 ms". */}
        <Descriptions.Item label={withZone(t('field.judgeTime'))} span="filled">
          <span style={{ whiteSpace: 'nowrap' }} data-testid="result-judge-time">
            {result.judgeTime || '—'}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.time')}>
          <span data-testid="result-time">
            {result.runTime === null || !hasRunFigures(result.judgeResult) ? '—' : t('common.ms', { value: result.runTime })}
            {limits ? <Typography.Text type="secondary">{` ${t('problem.resultTimeLimit', { value: limits.timeMs })}`}</Typography.Text> : null}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.memory')}>
          <span data-testid="result-memory">
            {result.runMemory === null || !hasRunFigures(result.judgeResult) ? '—' : t('common.kb', { value: result.runMemory })}
            {limits ? <Typography.Text type="secondary">{` ${t('problem.resultMemoryLimit', { value: limits.memoryMb })}`}</Typography.Text> : null}
          </span>
        </Descriptions.Item>
        {result.score !== undefined && result.score !== null ? (
          <Descriptions.Item label={t('field.score')}>
            <span data-testid="result-score">
              {result.score} / {result.maxScore}
            </span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {result.compileMessage ? (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          <pre data-testid="compile-message" style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto', background: '#fff2f0', padding: 8, borderRadius: 4, margin: 0 }}>
            {result.compileMessage}
          </pre>
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
