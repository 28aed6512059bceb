import { List, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';

export default function FailurePage() {
  return (
    <div className="auth-page">
      <Result status="error" title="Submission failed" subTitle="Possible reasons:">
        <List
          size="small"
          data-testid="failure-links"
          dataSource={[
            { key: 'account', text: 'Wrong account or password', link: paths.resetPassword, action: 'Reset password' },
            { key: 'captcha', text: 'Wrong captcha', link: paths.login, action: 'Try to log in again' },
            { key: 'home', text: 'Something else', link: paths.home, action: 'Back to home' },
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
