import type { ReactNode } from 'react';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** The centred card every login, register and reset screen sits in, with the language switch. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="auth-page">
      {/* Styled like antd's Card and Title (global.css): antd's Card would bring Tabs and Menu. */}
      <div className="auth-card">
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <LanguageSwitch />
        </div>
        <h3 className="auth-title">{title}</h3>
        {children}
        {footer ? <div style={{ textAlign: 'center', marginTop: 8 }}>{footer}</div> : null}
      </div>
    </div>
  );
}
