import { Tag, Tooltip } from 'antd';
import { verdictInfo } from '../lib/verdict.ts';

/** A verdict code as a coloured tag (spec §4); the full name is shown on hover. */
export function VerdictTag({ code, full = false }: { code: string | null | undefined; full?: boolean }) {
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
