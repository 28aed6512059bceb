import { useEffect, useRef, useState } from 'react';
import { Button, Card, Form, Input, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { CLARIFICATION_LIMITS } from '@verdict/shared';
import { adminClarificationApi, type JudgeClarification } from '../../api/clarifications.ts';
import { adminContestsApi } from '../../api/adminContests.ts';
import type { Contest, ContestProblem } from '../../api/types.ts';
import { notify, toast } from '../../feedback.ts';
import { excerpt, problemLabel } from '../../lib/clarifications.ts';
import { useInterval } from '../../lib/useInterval.ts';
import { pollEvery, useLiveRefresh } from '../../lib/useLiveEvents.ts';
import { useRequest } from '../../lib/useRequest.ts';
import { FormModal } from './FormModal.tsx';
import { askerLabel, audienceLabel, highestId, newestFirst, newQuestions, unansweredQueue } from './logic/clarifications.ts';
import { MANAGEMENT_TABLE } from './tableProps.ts';
import { t as tNow, useT } from '../../i18n/index.ts';
import { withZone } from '../../lib/time.ts';

const REFRESH_MS = 5000;

const textCell = (text: string | null) => <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</span>;

/**
 * The judges' screen: the queue of unanswered questions first (answer privately or to
 * everyone), announcements, and every clarification. Refreshes itself; a new question toasts.
 */
export default function ClarificationManagementPage() {
  const t = useT();
  const [contestId, setContestId] = useState<number | undefined>(undefined);
  const [answering, setAnswering] = useState<JudgeClarification | null>(null);
  const [announcing, setAnnouncing] = useState(false);
  const { data: contests } = useRequest(() => adminContestsApi.list(), {
    initial: [] as Contest[],
    onError: () => notify.error(t('contests.failed')),
  });
  const { data: items, loading, reload } = useRequest(() => adminClarificationApi.list({ contestId }), {
    initial: [] as JudgeClarification[],
    onError: () => notify.error(t('judgeClar.failed')),
    deps: [contestId],
  });
  const live = useLiveRefresh(contestId ?? null, (e) => e.event === 'clarification', () => void reload(true));
  useInterval(() => void reload(true), pollEvery(live, REFRESH_MS));

  // A question asked while the screen is open is toasted once; a new filter starts over.
  const known = useRef<{ filter: number | undefined; upTo: number | null }>({ filter: contestId, upTo: null });
  useEffect(() => {
    if (known.current.filter !== contestId) known.current = { filter: contestId, upTo: null };
    if (loading) return;
    const fresh = newQuestions(items, known.current.upTo);
    known.current.upTo = Math.max(known.current.upTo ?? 0, highestId(items));
    if (fresh.length === 1) {
      toast({ key: 'judge-question', title: tNow('judgeClar.newFrom', { asker: askerLabel(fresh[0]) }), description: excerpt(fresh[0].text), onClick: () => setAnswering(fresh[0]), testId: 'judge-question-toast' });
    } else if (fresh.length > 1) {
      toast({ key: 'judge-question', title: tNow('judgeClar.newCount', { count: fresh.length }), description: tNow('judgeClar.atQueueEnd'), testId: 'judge-question-toast' });
    }
  }, [items, loading, contestId]);

  const queue = unansweredQueue(items);
  const contestColumn = { title: t('field.contest'), dataIndex: 'contestTitle', width: 160, ellipsis: true };
  const problemColumn = { title: t('field.problem'), key: 'problem', width: 150, render: (_: unknown, c: JudgeClarification) => problemLabel(c) };

  return (
    <div className="page" style={{ maxWidth: 'none' }}>
      <Card
        title={t('nav.clarifications')}
        extra={
          <Button type="primary" icon={<NotificationOutlined />} onClick={() => setAnnouncing(true)} data-testid="announce-open">
            {t('judgeClar.announce')}
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <span>{t('field.contest')}</span>
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('judgeClar.allContests')}
            style={{ minWidth: 260 }}
            value={contestId}
            onChange={(v) => setContestId(v)}
            options={contests.map((c) => ({ value: c.id, label: `${c.id} ${c.title}` }))}
            data-testid="clarification-contest-filter"
          />
        </Space>
        <Typography.Title level={5}>{t('judgeClar.queue', { count: queue.length })}</Typography.Title>
        <Table<JudgeClarification>
          rowKey="id"
          data-testid="clarification-queue"
          loading={loading}
          dataSource={queue}
          {...MANAGEMENT_TABLE}
          locale={{ emptyText: t('judgeClar.noneWaiting') }}
          columns={[
            { title: '#', dataIndex: 'id', width: 70 },
            contestColumn,
            problemColumn,
            { title: t('judgeClar.from'), key: 'from', width: 140, render: (_, c) => askerLabel(c) },
            { title: t('judgeClar.question'), dataIndex: 'text', width: 360, render: textCell },
            { title: withZone(t('judgeClar.asked')), dataIndex: 'createTime', width: 170 },
            {
              title: t('field.action'),
              key: 'action',
              width: 100,
              render: (_, c) => (
                <Button type="primary" size="small" onClick={() => setAnswering(c)} data-testid={`answer-${c.id}`}>
                  {t('judgeClar.answer')}
                </Button>
              ),
            },
          ]}
        />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('judgeClar.all')}
        </Typography.Title>
        <Table<JudgeClarification>
          rowKey="id"
          data-testid="clarification-table"
          loading={loading}
          dataSource={newestFirst(items)}
          {...MANAGEMENT_TABLE}
          columns={[
            { title: '#', dataIndex: 'id', width: 70 },
            {
              title: t('judgeClar.kind'),
              dataIndex: 'kind',
              width: 120,
              render: (k: string) => (k === 'announcement' ? <Tag color="blue">{t('clar.announcement')}</Tag> : <Tag>{t('clar.question')}</Tag>),
            },
            contestColumn,
            problemColumn,
            { title: t('judgeClar.from'), key: 'from', width: 140, render: (_, c) => askerLabel(c) },
            { title: t('judgeClar.text'), dataIndex: 'text', width: 260, render: textCell },
            { title: t('judgeClar.answer'), dataIndex: 'answer', width: 260, render: textCell },
            { title: t('judgeClar.shownTo'), key: 'audience', width: 100, render: (_, c) => audienceLabel(c) },
            { title: t('judgeClar.by'), dataIndex: 'answeredBy', width: 110 },
            { title: withZone(t('field.time')), key: 'time', width: 170, render: (_, c) => c.answerTime ?? c.createTime },
            {
              title: t('field.action'),
              key: 'action',
              width: 110,
              render: (_, c) =>
                c.kind === 'question' ? (
                  <Button size="small" onClick={() => setAnswering(c)} data-testid={`reanswer-${c.id}`}>
                    {c.answer === null ? t('judgeClar.answer') : t('judgeClar.editAnswer')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <AnswerModal question={answering} onClose={() => setAnswering(null)} onDone={() => void reload(true)} />
      <AnnounceModal open={announcing} contests={contests} contestId={contestId} onClose={() => setAnnouncing(false)} onDone={() => void reload(true)} />
    </div>
  );
}

interface AnswerValues {
  answer: string;
  visibility: 'private' | 'public';
}

function AnswerModal({ question, onClose, onDone }: { question: JudgeClarification | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  return (
    <FormModal<AnswerValues>
      title={question ? t('judgeClar.answerTitle', { id: question.id }) : ''}
      open={question !== null}
      onClose={onClose}
      onSubmit={async (values) => {
        await adminClarificationApi.answer(question!.id, values.answer.trim(), values.visibility);
        onDone();
      }}
      successMessage={t('judgeClar.answerSent')}
      initialValues={{ answer: question?.answer ?? '', visibility: question?.answer === null ? 'private' : question?.visibility }}
      width={640}
      testId="answer-modal"
    >
      {question ? (
        <Card size="small" style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">
            {question.contestTitle} · {problemLabel(question)} · {askerLabel(question)} · {withZone(question.createTime)}
          </Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '6px 0 0' }} data-testid="answer-modal-question">
            {question.text}
          </Typography.Paragraph>
        </Card>
      ) : null}
      <Form.Item
        name="answer"
        label={t('judgeClar.answer')}
        rules={[
          { required: true, whitespace: true, message: t('clar.answerRequired') },
          { max: CLARIFICATION_LIMITS.answerMax, message: t('clar.answerTooLong') },
        ]}
      >
        <Input.TextArea rows={5} maxLength={CLARIFICATION_LIMITS.answerMax} showCount data-testid="answer-text" />
      </Form.Item>
      <Form.Item name="visibility" label={t('judgeClar.sendTo')}>
        <Radio.Group data-testid="answer-visibility">
          <Radio value="private" data-testid="answer-private">
            {t('judgeClar.onlyAsker', { name: question?.username ?? t('judgeClar.theAsker') })}
          </Radio>
          <Radio value="public" data-testid="answer-public">
            {t('judgeClar.everyoneInContest')}
          </Radio>
        </Radio.Group>
      </Form.Item>
    </FormModal>
  );
}

interface AnnounceValues {
  contestId: number;
  problemId: number;
  text: string;
}

function AnnounceModal(props: { open: boolean; contests: Contest[]; contestId?: number; onClose: () => void; onDone: () => void }) {
  const t = useT();
  return (
    <FormModal<AnnounceValues>
      title={t('judgeClar.announce')}
      open={props.open}
      onClose={props.onClose}
      onSubmit={async (values) => {
        await adminClarificationApi.announce({ contestId: values.contestId, problemId: values.problemId || undefined, text: values.text.trim() });
        props.onDone();
      }}
      successMessage={t('judgeClar.posted')}
      initialValues={{ contestId: props.contestId, problemId: 0, text: '' }}
      width={640}
      testId="announce-modal"
    >
      <Form.Item name="contestId" label={t('field.contest')} rules={[{ required: true, message: t('judgeClar.chooseContest') }]}>
        <Select<number>
          showSearch
          optionFilterProp="label"
          options={props.contests.map((c) => ({ value: c.id, label: `${c.id} ${c.title}` }))}
          data-testid="announce-contest"
        />
      </Form.Item>
      <AnnounceProblemField />
      <Form.Item
        name="text"
        label={t('clar.announcement')}
        rules={[
          { required: true, whitespace: true, message: t('clar.announcementRequired') },
          { max: CLARIFICATION_LIMITS.answerMax, message: t('clar.announcementTooLong') },
        ]}
      >
        <Input.TextArea rows={5} maxLength={CLARIFICATION_LIMITS.answerMax} showCount data-testid="announce-text" />
      </Form.Item>
    </FormModal>
  );
}

/** The problem select of the announcement: the chosen contest's problems, or the contest in general. */
function AnnounceProblemField() {
  const t = useT();
  const form = Form.useFormInstance<AnnounceValues>();
  const contestId = Form.useWatch('contestId', form);
  const [problems, setProblems] = useState<ContestProblem[]>([]);
  useEffect(() => {
    let live = true;
    setProblems([]);
    form.setFieldValue('problemId', 0);
    if (contestId) adminContestsApi.problems(contestId).then((list) => live && setProblems(list), () => notify.error(tNow('board.adminProblemsFailed')));
    return () => {
      live = false;
    };
  }, [contestId, form]);
  return (
    <Form.Item name="problemId" label={t('judgeClar.about')}>
      <Select<number>
        options={[{ value: 0, label: t('judgeClar.inGeneral') }, ...problems.map((p) => ({ value: p.problemId, label: `${p.letter} — ${p.title}` }))]}
        data-testid="announce-problem"
      />
    </Form.Item>
  );
}
