import { Card, Descriptions, Typography } from 'antd';
import { VerdictTag } from './VerdictTag.tsx';

export interface ResultPanelState {
  judgeResult: string;
  runTime: number | null;
  runMemory: number | null;
  judgeTime: string;
  compileMessage: string;
  /** Scoring problems: the score and the most possible (null otherwise). */
  score?: number | null;
  maxScore?: number | null;
}

export const EMPTY_RESULT: ResultPanelState = { judgeResult: '', runTime: null, runMemory: null, judgeTime: '', compileMessage: '' };

export function SubmissionResultPanel({ result }: { result: ResultPanelState }) {
  return (
    <Card title="Result" size="small" data-testid="result-panel">
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label="Verdict">
          {result.judgeResult ? <span data-testid="result-verdict"><VerdictTag code={result.judgeResult} full /></span> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Judge Time">{result.judgeTime || '—'}</Descriptions.Item>
        <Descriptions.Item label="Time">{result.runTime === null ? '—' : `${result.runTime} ms`}</Descriptions.Item>
        <Descriptions.Item label="Memory">{result.runMemory === null ? '—' : `${result.runMemory} KB`}</Descriptions.Item>
        {result.score !== undefined && result.score !== null ? (
          <Descriptions.Item label="Score">
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
