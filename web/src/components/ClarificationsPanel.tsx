import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Drawer, Empty, Input, Select, Space, Tag, Typography } from 'antd';
import { CloseOutlined, MessageOutlined } from '@ant-design/icons';
import { CLARIFICATION_LIMITS } from '@verdict/shared';
import type { Clarification } from '../api/clarifications.ts';
import { contestApi } from '../api/contest.ts';
import { errorMessage } from '../api/client.ts';
import type { ContestProblem } from '../api/types.ts';
import { notify, toast } from '../feedback.ts';
import { headline, isNotice, newestFirst, problemLabel, questionProblem, toastContent } from '../lib/clarifications.ts';
import { useClarifications, type ClarificationFeed } from '../lib/useClarifications.ts';
import { useT } from '../i18n/index.ts';
import { withZone } from '../lib/time.ts';

interface Props {
  contestId: number;
  /** On a problem page: the problem a new question is about unless the contestant changes it. */
  problemId?: number;
}

/**
 * A contest's clarifications for its member: a button with the count of unseen answers and
 * announcements, a toast when one arrives, and a drawer to ask and to read.
 */
export function ClarificationsPanel({ contestId, problemId }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;
  // What was unseen when the drawer opened is marked "New" while it stays open.
  const [newAbove, setNewAbove] = useState(0);
  const feed = useClarifications(contestId, (notices) => {
    if (openRef.current) return; // on screen already
    const { title, description } = toastContent(notices);
    toast({ key: `clarifications-${contestId}`, title, description, onClick: () => openDrawer(), testId: 'clarification-toast' });
  });
  const { markSeen, unseenCount } = feed;
  const seenVersion = useRef(feed.seenVersion);
  seenVersion.current = feed.seenVersion;

  function openDrawer() {
    setNewAbove(seenVersion.current);
    setOpen(true);
  }

  // While the drawer is open, whatever arrives is seen.
  useEffect(() => {
    if (open && unseenCount > 0) void markSeen();
  }, [open, unseenCount, markSeen]);

  return (
    <>
      <span data-testid="clarifications-badge" data-count={unseenCount}>
        <Badge count={unseenCount} size="small">
          <Button icon={<MessageOutlined />} onClick={openDrawer} data-testid="clarifications-open">
            {t('clar.button')}
          </Button>
        </Badge>
      </span>
      <Drawer
        title={t('clar.button')}
        open={open}
        onClose={() => setOpen(false)}
        width="min(520px, 100vw)"
        closeIcon={<CloseOutlined data-testid="clarifications-close" aria-label={t('common.close')} />}
      >
        <div data-testid="clarifications-drawer">
          <AskForm contestId={contestId} defaultProblemId={problemId} ask={feed.ask} />
          <ClarificationList items={feed.items} newAbove={newAbove} />
        </div>
      </Drawer>
    </>
  );
}

function AskForm({ contestId, defaultProblemId, ask }: { contestId: number; defaultProblemId?: number; ask: ClarificationFeed['ask'] }) {
  const t = useT();
  const [problems, setProblems] = useState<ContestProblem[]>([]);
  const [problemId, setProblemId] = useState(defaultProblemId ?? 0);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    contestApi.problems(contestId).then(setProblems, () => undefined);
  }, [contestId]);

  const options = [
    { value: 0, label: t('clar.general') },
    ...problems.map((p) => ({ value: p.problemId, label: p.title ? `${p.letter} — ${p.title}` : p.letter })),
  ];
  if (problemId && !problems.some((p) => p.problemId === problemId)) options.push({ value: problemId, label: t('clar.thisProblem') });

  const send = async () => {
    const refusal = questionProblem(text);
    if (refusal) {
      notify.error(refusal);
      return;
    }
    setBusy(true);
    try {
      await ask({ problemId: problemId || undefined, text: text.trim() });
      setText('');
      notify.success(t('clar.sent'));
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t('clar.askTitle')} style={{ marginBottom: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select<number> value={problemId} onChange={setProblemId} options={options} style={{ width: '100%' }} data-testid="clarification-problem" />
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          maxLength={CLARIFICATION_LIMITS.questionMax}
          showCount
          placeholder={t('clar.placeholder')}
          data-testid="clarification-text"
        />
        <Button type="primary" onClick={send} loading={busy} data-testid="clarification-ask">
          {t('clar.ask')}
        </Button>
      </Space>
    </Card>
  );
}

const KIND_TAGS = {
  announcement: { color: 'blue', text: 'clar.announcement' },
  mine: { color: 'gold', text: 'clar.yourQuestion' },
  public: { color: 'green', text: 'clar.question' },
} as const;

function KindTag({ color, text }: (typeof KIND_TAGS)[keyof typeof KIND_TAGS]) {
  const t = useT();
  return <Tag color={color}>{t(text)}</Tag>;
}

function ClarificationList({ items, newAbove }: { items: Clarification[]; newAbove: number }) {
  const t = useT();
  if (items.length === 0) return <Empty description={t('clar.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="clarification-list">
      {newestFirst(items).map((item) => (
        <Card
          key={item.id}
          size="small"
          data-testid={`clarification-${item.id}`}
          title={
            <Space wrap size={4}>
              <KindTag {...KIND_TAGS[item.kind === 'announcement' ? 'announcement' : item.mine ? 'mine' : 'public']} />
              <span>{problemLabel(item)}</span>
              {isNotice(item) && item.version > newAbove ? <Tag color="red">{t('clar.new')}</Tag> : null}
            </Space>
          }
          extra={<Typography.Text type="secondary">{withZone(item.answerTime ?? item.createTime)}</Typography.Text>}
        >
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: item.kind === 'question' ? 8 : 0 }}>{item.text}</Typography.Paragraph>
          {item.kind === 'question' ? (
            item.answer === null ? (
              <Typography.Text type="secondary">{t('clar.waiting')}</Typography.Text>
            ) : (
              <div style={{ background: '#f6ffed', border: '1px solid #b7eb8f', borderRadius: 6, padding: '6px 10px' }}>
                <Typography.Text strong>{headline(item)}: </Typography.Text>
                <span style={{ whiteSpace: 'pre-wrap' }} data-testid="clarification-answer">
                  {item.answer}
                </span>
              </div>
            )
          ) : null}
        </Card>
      ))}
    </Space>
  );
}
