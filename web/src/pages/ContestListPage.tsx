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
import { useT } from '../i18n/index.ts';
import { withZone } from '../lib/time.ts';

export default function ContestListPage() {
  const navigate = useNavigate();
  const t = useT();
  const username = storage.get('username') ?? '';
  const [chosen, setChosen] = useState<Contest | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const contests = useRequest(() => contestApi.findByUserId(username), {
    initial: [] as Contest[],
    onError: () => notify.error(t('contestList.failed')),
  });

  const view = async (title: string) => {
    setViewing(title);
    try {
      setChosen(await contestApi.findByTitle(title));
    } catch (err) {
      notify.error(t('contestList.detailsFailed', { message: errorMessage(err) }));
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
      <Typography.Title level={3}>{t('nav.contestList')}</Typography.Title>
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
              { title: t('field.title'), dataIndex: 'title', ellipsis: true },
              { title: withZone(t('field.startTime')), dataIndex: 'startTime', width: 170 },
              { title: withZone(t('field.endTime')), dataIndex: 'endTime', width: 170 },
              {
                title: t('field.action'),
                key: 'action',
                width: 90,
                fixed: 'right',
                render: (_, row) => (
                  <Button size="small" loading={viewing === row.title} onClick={() => view(row.title)} data-testid={`view-contest-${row.id}`}>
                    {t('common.view')}
                  </Button>
                ),
              },
            ]}
          />
        </div>
        <Card title={t('contestList.chosen')} style={{ flex: 1, minWidth: 0 }} data-testid="contest-panel">
          {chosen ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('field.title')}>{chosen.title}</Descriptions.Item>
              <Descriptions.Item label={withZone(t('field.createTime'))}>{chosen.createTime}</Descriptions.Item>
              <Descriptions.Item label={withZone(t('field.startTime'))}>{chosen.startTime}</Descriptions.Item>
              <Descriptions.Item label={withZone(t('field.endTime'))}>{chosen.endTime}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty description={t('contestList.pressView')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
          <Button type="primary" block onClick={enter} style={{ marginTop: 12 }} data-testid="enter-contest">
            {t('contestList.enter')}
          </Button>
        </Card>
      </div>
    </div>
  );
}
