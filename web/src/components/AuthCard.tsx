import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

/** The centred card every login, register and reset screen sits in. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="auth-page">
      <Card className="auth-card">
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
        {footer ? <div style={{ textAlign: 'center', marginTop: 8 }}>{footer}</div> : null}
      </Card>
    </div>
  );
}
