import { useEffect, useState } from 'react';
import { Modal, Table, Typography } from 'antd';
import { SCORING_RULE_LABELS } from '@verdict/shared';
import { adminContestsApi, type ContestMember } from '../../api/adminContests.ts';
import type { Contest, ContestProblem } from '../../api/types.ts';
import { notify } from '../../feedback.ts';

/** View contest: its users and problems tables. */
export function ContestViewModal({ contest, onClose }: { contest: Contest | null; onClose: () => void }) {
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
        () => live && notify.error('Get contest detail failed'),
      ),
      adminContestsApi.problems(contest.id).then(
        (list) => live && setProblems(list),
        () => live && notify.error('Falied to get selected problem list'),
      ),
    ]).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [contest]);

  return (
    <Modal
      title={`Contest: ${contest?.title ?? ''}`}
      open={contest !== null}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
      data-testid="contest-view-modal"
    >
      <Typography.Paragraph type="secondary">
        {contest?.startTime} — {contest?.endTime}
        {contest ? ` · ${SCORING_RULE_LABELS[contest.scoringRule]}` : null}
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Table<ContestMember>
          style={{ flex: 1, minWidth: 300 }}
          title={() => <Typography.Text strong>Users ({members.length})</Typography.Text>}
          size="small"
          rowKey="userId"
          loading={loading}
          data-testid="contest-users-table"
          dataSource={members}
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          columns={[
            { title: 'ID', dataIndex: 'userId', width: 70 },
            { title: 'Username', dataIndex: 'username' },
            { title: 'Nickname', dataIndex: 'nickname' },
          ]}
        />
        <Table<ContestProblem>
          style={{ flex: 1, minWidth: 300 }}
          title={() => <Typography.Text strong>Problems ({problems.length})</Typography.Text>}
          size="small"
          rowKey="problemId"
          loading={loading}
          data-testid="contest-problems-table"
          dataSource={problems}
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          columns={[
            { title: '', dataIndex: 'letter', width: 50 },
            { title: 'ID', dataIndex: 'problemId', width: 70 },
            { title: 'Title', dataIndex: 'title' },
          ]}
        />
      </div>
    </Modal>
  );
}
