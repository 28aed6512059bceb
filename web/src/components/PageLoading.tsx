import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div style={{ padding: 80, textAlign: 'center' }} data-testid="page-loading">
      <Spin size="large" />
    </div>
  );
}
