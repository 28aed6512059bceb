import { Button, Carousel, Layout, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { AppFooter } from '../components/AppFooter.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { useT, type MessageKey } from '../i18n/index.ts';

const SLIDES: { title: MessageKey; text: MessageKey; background: string }[] = [
  { title: 'home.slide1.title', text: 'home.slide1.text', background: 'linear-gradient(135deg,#1677ff,#69b1ff)' },
  { title: 'home.slide2.title', text: 'home.slide2.text', background: 'linear-gradient(135deg,#13c2c2,#5cdbd3)' },
  { title: 'home.slide3.title', text: 'home.slide3.text', background: 'linear-gradient(135deg,#722ed1,#b37feb)' },
];

export default function HomePage() {
  const navigate = useNavigate();
  const t = useT();
  const exitLogin = () => {
    storage.clear();
    notify.success(t('home.loggedOut'));
    navigate(paths.home);
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content style={{ padding: 16 }}>
        <div style={{ maxWidth: 960, margin: '0 auto' }}>
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
            <LanguageSwitch />
          </div>
          <Carousel autoplay>
            {SLIDES.map((slide) => (
              <div key={slide.title}>
                <div
                  style={{ height: 280, background: slide.background, color: '#fff', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', padding: 16 }}
                >
                  <Typography.Title style={{ color: '#fff', margin: 0 }}>{t(slide.title)}</Typography.Title>
                  <Typography.Paragraph style={{ color: '#fff', fontSize: 18, margin: '8px 0 0' }}>{t(slide.text)}</Typography.Paragraph>
                </div>
              </div>
            ))}
          </Carousel>
          <Space size="large" wrap style={{ width: '100%', justifyContent: 'center', marginTop: 32 }}>
            <Button type="primary" size="large" onClick={() => navigate(paths.login)} data-testid="home-user-login">
              {t('home.userLogin')}
            </Button>
            <Button size="large" onClick={() => navigate(paths.adminLogin)} data-testid="home-admin-login">
              {t('home.adminLogin')}
            </Button>
          </Space>
        </div>
      </Layout.Content>
      <AppFooter>
        <Button type="link" onClick={exitLogin} data-testid="exit-login">
          {t('home.exitLogin')}
        </Button>
      </AppFooter>
    </Layout>
  );
}
