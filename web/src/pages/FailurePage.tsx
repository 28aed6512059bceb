import { List, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { useT } from '../i18n/index.ts';

export default function FailurePage() {
  const t = useT();
  return (
    <div className="auth-page">
      <Result status="error" title={t('failure.title')} subTitle={t('failure.reasons')}>
        <List
          size="small"
          data-testid="failure-links"
          dataSource={[
            { key: 'account', text: t('failure.account'), link: paths.resetPassword, action: t('failure.resetPassword') },
            { key: 'captcha', text: t('failure.captcha'), link: paths.login, action: t('failure.retry') },
            { key: 'home', text: t('failure.other'), link: paths.home, action: t('failure.home') },
          ]}
          renderItem={(item) => (
            <List.Item>
              {item.text} — <Link to={item.link}>{item.action}</Link>
            </List.Item>
          )}
        />
      </Result>
    </div>
  );
}
