import { Layout } from 'antd';
import { useT } from '../i18n/index.ts';

export function AppFooter({ children }: { children?: React.ReactNode }) {
  const t = useT();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px', color: '#595959' }}>
      {children}
      <div>{t('app.footer', { year: new Date().getFullYear() })}</div>
    </Layout.Footer>
  );
}
