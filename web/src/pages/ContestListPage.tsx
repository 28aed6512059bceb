import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { contestApi } from '../api/contest.ts';
import { errorMessage } from '../api/client.ts';
import type { Contest } from '../api/types.ts';
import { urls } from '../lib/paths.ts';
import { MESSAGES } from '../lib/validation.ts';
import { useRequest } from '../lib/useRequest.ts';
import { storage, storeContest } from '../storage.ts';
import { notify } from '../feedback.ts';

export default function ContestListPage() {
  const navigate = useNavigate();
  const username = storage.get('username') ?? '';
  const [chosen, setChosen] = useState<Contest | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const contests = useRequest(() => contestApi.findByUserId(username), {
    initial: [] as Contest[],
    onError: () => notify.error('Failed to get contest list'),
  });

  const view = async (title: string) => {
    setViewing(title);
    try {
      setChosen(await contestApi.findByTitle(title));
    } catch (err) {
      notify.error(`Failed to get contest details: ${errorMessage(err)}`);
    } finally {
      setViewing(null);
    }
  };

  const enter = () => {
    if (!chosen) {
      notify.error(MESSAGES.noContestSelected);
      return;
    }
    storeContest(chosen);
    navigate(urls.contestDetails(chosen.id));
  };

  return (
    <div className="page">
      <Typography.Title level={3}>Contest List</Typography.Title>
      <div className="split">
        <div style={{ flex: 2, minWidth: 0 }}>
          <Table<Contest>
            rowKey="id"
            data-testid="contest-table"
            loading={contests.loading}
            dataSource={contests.data}
            size="middle"
            scroll={{ x: 'max-content', y: 620 }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            rowClassName={(row) => (row.id === chosen?.id ? 'ant-table-row-selected' : '')}
            columns={[
              { title: '#', dataIndex: 'id', width: 60 },
              { title: 'Title', dataIndex: 'title', ellipsis: true },
              { title: 'Start Time', dataIndex: 'startTime', width: 170 },
              { title: 'End Time', dataIndex: 'endTime', width: 170 },
              {
                title: 'Action',
                key: 'action',
                width: 90,
                fixed: 'right',
                render: (_, row) => (
                  <Button size="small" loading={viewing === row.title} onClick={() => view(row.title)} data-testid={`view-contest-${row.id}`}>
                    View
                  </Button>
                ),
              },
            ]}
          />
        </div>
        <Card title="Chosen contest" style={{ flex: 1, minWidth: 0 }} data-testid="contest-panel">
          {chosen ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Title">{chosen.title}</Descriptions.Item>
              <Descriptions.Item label="Create Time">{chosen.createTime}</Descriptions.Item>
              <Descriptions.Item label="Start Time">{chosen.startTime}</Descriptions.Item>
              <Descriptions.Item label="End Time">{chosen.endTime}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty description="Press View on a contest" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
          <Button type="primary" block onClick={enter} style={{ marginTop: 12 }} data-testid="enter-contest">
            Enter
          </Button>
        </Card>
      </div>
    </div>
  );
}
