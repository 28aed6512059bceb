import { useEffect, useState } from 'react';
import { Modal, Table, Typography } from 'antd';
import { adminContestsApi, type ContestMember } from '../../api/adminContests.ts';
import type { Contest, ContestProblem } from '../../api/types.ts';
import { notify } from '../../feedback.ts';
import { t as tNow, useT } from '../../i18n/index.ts';
import { withZone } from '../../lib/time.ts';

/** View contest: its users and problems tables. */
export function ContestViewModal({ contest, onClose }: { contest: Contest | null; onClose: () => void }) {
  const t = useT();
  const [members, setMembers] = useState<ContestMember[]>([]);
  const [problems, setProblems] = useState<ContestProblem[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!contest) return;
    let live = true;
    setLoading(true);
    setMembers([]);
    setProblems([]);
    Promise.all([
      adminContestsApi.members(contest.id).then(
        (list) => live && setMembers(list),
        () => live && notify.error(tNow('board.detailFailed')),
      ),
      adminContestsApi.problems(contest.id).then(
        (list) => live && setProblems(list),
        () => live && notify.error(tNow('board.adminProblemsFailed')),
      ),
    ]).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [contest]);

  return (
    <Modal
      title={t('contests.viewTitle', { title: contest?.title ?? '' })}
      open={contest !== null}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
      data-testid="contest-view-modal"
    >
      <Typography.Paragraph type="secondary">
        {contest ? withZone(`${contest.startTime} — ${contest.endTime}`) : null}
        {contest ? ` · ${t(`scoring.${contest.scoringRule}`)}` : null}
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Table<ContestMember>
          style={{ flex: 1, minWidth: 300 }}
          title={() => <Typography.Text strong>{t('contests.viewUsers', { count: members.length })}</Typography.Text>}
          size="small"
          rowKey="userId"
          loading={loading}
          data-testid="contest-users-table"
          dataSource={members}
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          columns={[
            { title: t('field.id'), dataIndex: 'userId', width: 70 },
            { title: t('field.username'), dataIndex: 'username' },
            { title: t('field.nickname'), dataIndex: 'nickname' },
          ]}
        />
        <Table<ContestProblem>
          style={{ flex: 1, minWidth: 300 }}
          title={() => <Typography.Text strong>{t('contests.viewProblems', { count: problems.length })}</Typography.Text>}
          size="small"
          rowKey="problemId"
          loading={loading}
          data-testid="contest-problems-table"
          dataSource={problems}
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          columns={[
            { title: '', dataIndex: 'letter', width: 50 },
            { title: t('field.id'), dataIndex: 'problemId', width: 70 },
            { title: t('field.title'), dataIndex: 'title' },
          ]}
        />
      </div>
    </Modal>
  );
}
