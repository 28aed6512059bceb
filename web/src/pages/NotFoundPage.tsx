import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../lib/paths.ts';
import { useT } from '../i18n/index.ts';

export default function NotFoundPage() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.text')}
      extra={<Button type="primary" onClick={() => navigate(paths.home)}>{t('common.home')}</Button>}
    />
  );
}
