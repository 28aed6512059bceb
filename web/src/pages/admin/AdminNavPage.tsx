import { Card, Col, Row, Typography } from 'antd';
import { AppstoreOutlined, CodeOutlined, FileTextOutlined, FlagOutlined, MessageOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { storage } from '../../storage.ts';

const AREAS = [
  { to: paths.userManagement, icon: <TeamOutlined />, title: 'Users', text: 'Accounts, roles and passwords' },
  { to: paths.problemManagement, icon: <FileTextOutlined />, title: 'Problems', text: 'Statements, limits and test data' },
  { to: paths.contestManagement, icon: <TrophyOutlined />, title: 'Contests', text: 'Times, members, problems and scoreboards' },
  { to: paths.templateManagement, icon: <CodeOutlined />, title: 'Templates', text: 'Languages and starter code' },
  { to: paths.submissionManagement, icon: <AppstoreOutlined />, title: 'Submissions', text: 'Every judged submission' },
  { to: paths.clarificationManagement, icon: <MessageOutlined />, title: 'Clarifications', text: 'Questions to answer, announcements' },
  { to: paths.balloons, icon: <FlagOutlined />, title: 'Balloons', text: 'First solutions to reward, and their delivery' },
];

/** The admin welcome page (/admin_nav). */
export default function AdminNavPage() {
  const navigate = useNavigate();
  return (
    <div className="page">
      <Typography.Title level={2} data-testid="admin-welcome">
        Welcome, {storage.get('username') ?? 'administrator'}
      </Typography.Title>
      <Typography.Paragraph type="secondary">Choose an area in the side menu or below.</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {AREAS.map((area) => (
          <Col key={area.to} xs={24} sm={12} lg={8}>
            <Card hoverable style={{ height: '100%' }} onClick={() => navigate(area.to)}>
              <Card.Meta avatar={<span style={{ fontSize: 28, color: '#1677ff' }}>{area.icon}</span>} title={area.title} description={area.text} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
