import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle="This page does not exist."
      extra={<Button type="primary" onClick={() => navigate(paths.home)}>Home</Button>}
    />
  );
}
