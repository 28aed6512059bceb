import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spin } from 'antd';
import { onSessionEnded } from '../api/client.ts';
import { userApi } from '../api/user.ts';
import { decideAccess, loginPathFor, type Access } from '../lib/guard.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { t } from '../i18n/index.ts';

/**
 * Route guard (spec §4): user routes need a stored username and a positive isUserLogin reply,
 * admin routes isAdminLogin; otherwise back to the matching login page with a message. A session
 * that ends while a page is open (a call answered "log in first") goes to the login page once,
 * with one message, and what failed with it says nothing.
 */
export function RequireAuth({ access, children }: { access: Access; children: ReactNode }) {
  const username = storage.get('username');
  const [checkPassed, setCheckPassed] = useState<boolean | undefined>(undefined);
  const [ended, setEnded] = useState(false);
  const decision = decideAccess(access, username, checkPassed);

  useEffect(
    () =>
      onSessionEnded(() => {
        storage.remove('token', 'username');
        notify.only('warning', t('guard.sessionEnded'), 3000);
        setEnded(true);
      }),
    [],
  );

  useEffect(() => {
    if (decision.kind !== 'check' || !username) return;
    let cancelled = false;
    const token = storage.get('token') ?? '';
    const check = access === 'admin' ? userApi.isAdminLogin : userApi.isUserLogin;
    check(username, token).then(
      () => !cancelled && setCheckPassed(true),
      () => !cancelled && setCheckPassed(false),
    );
    return () => {
      cancelled = true;
    };
  }, [decision.kind, access, username]);

  const redirectMessage = decision.kind === 'redirect' ? decision.message : '';
  useEffect(() => {
    if (decision.kind === 'redirect' && !ended) notify.warning(redirectMessage);
  }, [decision.kind, redirectMessage, ended]);

  if (ended) return <Navigate to={loginPathFor(access === 'admin' ? 'admin' : 'user')} replace />;
  if (decision.kind === 'allow') return <>{children}</>;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <div style={{ padding: 80, textAlign: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
