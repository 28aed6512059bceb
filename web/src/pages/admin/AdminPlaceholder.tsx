import { Result } from 'antd';

export default function AdminPlaceholder() {
  return <Result status="info" title="Admin area" subTitle="The management screens are on their way." />;
}
