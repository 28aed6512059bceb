import { Card, Col, Row, Typography } from 'antd';
import { AppstoreOutlined, CodeOutlined, CopyOutlined, FileTextOutlined, FlagOutlined, MessageOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { storage } from '../../storage.ts';
import { useT, type MessageKey } from '../../i18n/index.ts';

const AREAS: { to: string; icon: React.ReactNode; title: MessageKey; text: MessageKey }[] = [
  { to: paths.userManagement, icon: <TeamOutlined />, title: 'nav.users', text: 'admin.area.users' },
  { to: paths.problemManagement, icon: <FileTextOutlined />, title: 'nav.problems', text: 'admin.area.problems' },
  { to: paths.contestManagement, icon: <TrophyOutlined />, title: 'nav.contests', text: 'admin.area.contests' },
  { to: paths.templateManagement, icon: <CodeOutlined />, title: 'nav.templates', text: 'admin.area.templates' },
  { to: paths.submissionManagement, icon: <AppstoreOutlined />, title: 'nav.submissions', text: 'admin.area.submissions' },
  { to: paths.clarificationManagement, icon: <MessageOutlined />, title: 'nav.clarifications', text: 'admin.area.clarifications' },
  { to: paths.balloons, icon: <FlagOutlined />, title: 'nav.balloons', text: 'admin.area.balloons' },
  { to: paths.similarity, icon: <CopyOutlined />, title: 'nav.similarity', text: 'admin.area.similarity' },
];

/** The admin welcome page (/admin_nav). */
export default function AdminNavPage() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <div className="page">
      <Typography.Title level={2} data-testid="admin-welcome">
        {t('admin.welcome', { name: storage.get('username') ?? t('admin.administrator') })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.chooseArea')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {AREAS.map((area) => (
          <Col key={area.to} xs={24} sm={12} lg={8}>
            <Card hoverable style={{ height: '100%' }} onClick={() => navigate(area.to)}>
              <Card.Meta avatar={<span style={{ fontSize: 28, color: '#1677ff' }}>{area.icon}</span>} title={t(area.title)} description={t(area.text)} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
