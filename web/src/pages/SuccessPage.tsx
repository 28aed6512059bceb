import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { storage } from '../storage.ts';
import { userApi } from '../api/user.ts';

export default function SuccessPage() {
  const navigate = useNavigate();
  const logout = () => {
    userApi.logout().catch(() => undefined);
    storage.clear();
    navigate(paths.home);
  };
  return (
    <div className="auth-page">
      <Result
        status="success"
        title="Login Success!"
        subTitle={`Welcome, ${storage.get('username') ?? ''}`}
        extra={[
          <Button key="enter" type="primary" onClick={() => navigate(paths.contestList)} data-testid="enter-main">
            Enter the main page
          </Button>,
          <Button key="logout" onClick={logout}>
            Log out
          </Button>,
        ]}
      />
    </div>
  );
}
