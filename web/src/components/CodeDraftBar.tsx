// Under the problem page's editor: whether the code is kept in this browser (or was restored
// from it), the submit shortcut, and the one way to discard a draft: back to the template.
import { Button, Space, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useT } from '../i18n/index.ts';
import { formatServerTime, withZone } from '../lib/time.ts';
import type { CodeDraft } from '../lib/useCodeDraft.ts';

export function CodeDraftBar({ draft, hasTemplate }: { draft: CodeDraft; hasTemplate: boolean }) {
  const t = useT();
  const status = draft.saveFailed ? (
    <Typography.Text type="danger" data-testid="draft-status">
      {t('draft.saveFailed')}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary" data-testid="draft-status">
      {draft.restoredAt !== null ? t('draft.restored', { time: withZone(formatServerTime(draft.restoredAt)) }) : t('draft.kept')}
    </Typography.Text>
  );
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginTop: 6, fontSize: 12 }}>
      <Space wrap size={12}>
        {status}
        <Typography.Text type="secondary">{t('problem.shortcut')}</Typography.Text>
      </Space>
      {hasTemplate && draft.edited ? (
        <Button size="small" type="link" icon={<UndoOutlined />} onClick={() => void draft.resetToTemplate()} data-testid="reset-template">
          {t('draft.reset')}
        </Button>
      ) : null}
    </Space>
  );
}
