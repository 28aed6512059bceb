import { Tag, Tooltip } from 'antd';
import { verdictInfo } from '../lib/verdict.ts';
import { useLanguage } from '../i18n/index.ts';

/** A verdict code as a coloured tag (spec §4); the full name is shown on hover. */
export function VerdictTag({ code, full = false }: { code: string | null | undefined; full?: boolean }) {
  useLanguage();
  const info = verdictInfo(code);
  const label = full ? info.name : info.code || info.name;
  return (
    <Tooltip title={info.name}>
      <Tag color={info.color} data-verdict={info.code || 'UNKNOWN'} style={{ marginInlineEnd: 0 }}>
        {label}
      </Tag>
    </Tooltip>
  );
}

/** The verdict and, for a scoring problem, the score a record got (e.g. "WA 40/100"). */
export function VerdictWithScore({ code, record }: { code: string; record: { score?: number | null; maxScore?: number | null } }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <VerdictTag code={code} />
      {record.score !== undefined && record.score !== null ? (
        <span data-testid="record-score" style={{ marginInlineStart: 6 }}>
          {record.score}/{record.maxScore}
        </span>
      ) : null}
    </span>
  );
}
