import { Button, Carousel, Layout, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { AppFooter } from '../components/AppFooter.tsx';

const SLIDES = [
  { title: 'Verdict Online Judge', text: 'Programming contests, judged in seconds.', background: 'linear-gradient(135deg,#1677ff,#69b1ff)' },
  { title: 'Many languages', text: 'C, C++, Java, Python, JavaScript and more.', background: 'linear-gradient(135deg,#13c2c2,#5cdbd3)' },
  { title: 'Live leaderboards', text: 'ICPC rules: solved problems first, then penalty time.', background: 'linear-gradient(135deg,#722ed1,#b37feb)' },
];

export default function HomePage() {
  const navigate = useNavigate();
  const exitLogin = () => {
    storage.clear();
    notify.success('Logged out');
    navigate(paths.home);
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content style={{ padding: 16 }}>
        <div style={{ maxWidth: 960, margin: '0 auto' }}>
          <Carousel autoplay>
            {SLIDES.map((slide) => (
              <div key={slide.title}>
                <div
                  style={{ height: 280, background: slide.background, color: '#fff', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', padding: 16 }}
                >
                  <Typography.Title style={{ color: '#fff', margin: 0 }}>{slide.title}</Typography.Title>
                  <Typography.Paragraph style={{ color: '#fff', fontSize: 18, margin: '8px 0 0' }}>{slide.text}</Typography.Paragraph>
                </div>
              </div>
            ))}
          </Carousel>
          <Space size="large" wrap style={{ width: '100%', justifyContent: 'center', marginTop: 32 }}>
            <Button type="primary" size="large" onClick={() => navigate(paths.login)} data-testid="home-user-login">
              User Login
            </Button>
            <Button size="large" onClick={() => navigate(paths.adminLogin)} data-testid="home-admin-login">
              Admin Login
            </Button>
          </Space>
        </div>
      </Layout.Content>
      <AppFooter>
        <Button type="link" onClick={exitLogin} data-testid="exit-login">
          Exit Login
        </Button>
      </AppFooter>
    </Layout>
  );
}
