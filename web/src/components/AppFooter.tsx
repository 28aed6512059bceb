import { Layout } from 'antd';

export function AppFooter({ children }: { children?: React.ReactNode }) {
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px', color: '#888' }}>
      {children}
      <div>Verdict Online Judge ©{new Date().getFullYear()}</div>
    </Layout.Footer>
  );
}
