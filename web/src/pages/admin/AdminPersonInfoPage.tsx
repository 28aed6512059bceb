import { USER_LIMITS } from '@verdict/shared';
import { Button, Calendar, Card, Form, Input, Radio, Space, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { Gender } from '../../api/types.ts';
import { useOwnProfile } from '../../lib/useOwnProfile.ts';
import { paths } from '../../lib/paths.ts';
import { RelatedLinks } from '../../components/RelatedLinks.tsx';
import { genderOptions } from '../../lib/people.ts';
import { useT } from '../../i18n/index.ts';

interface FormValues {
  username: string;
  nickname: string;
  gender: Gender | '';
}

/** The administrator's own profile (spec §2 "Admin profile"). */
export default function AdminPersonInfoPage() {
  const navigate = useNavigate();
  const t = useT();
  const [form] = Form.useForm<FormValues>();
  const { user, loading, saving, save: saveProfile } = useOwnProfile((info) => form.setFieldsValue(info));

  // The admin profile does not edit the e-mail address (spec §2): the stored one is kept.
  const save = (values: FormValues) => saveProfile({ ...values, email: user?.email ?? '' });

  return (
    <div className="page">
      <Typography.Title level={3}>{t('adminProfile.title')}</Typography.Title>
      <div className="split">
        <div style={{ flex: 0.5, minWidth: 0 }}>
          <Card title={t('adminProfile.mine')}>
            <Spin spinning={loading}>
              <Form form={form} layout="horizontal" labelCol={{ span: 6 }} onFinish={save} name="admin-person-info">
                <Form.Item label={t('field.userId')}>
                  <Typography.Text data-testid="admin-user-id">{user?.id}</Typography.Text>
                </Form.Item>
                <Form.Item name="username" label={t('field.username')}>
                  <Input maxLength={USER_LIMITS.usernameMax} data-testid="admin-username" />
                </Form.Item>
                <Form.Item name="nickname" label={t('field.nickname')}>
                  <Input maxLength={100} data-testid="admin-nickname" />
                </Form.Item>
                <Form.Item label={t('field.password')}>
                  <Space>
                    <Input.Password value="********" disabled style={{ width: 160 }} visibilityToggle={false} />
                    <Button onClick={() => navigate(paths.adminResetPassword)} data-testid="admin-reset-password">
                      {t('adminProfile.resetPassword')}
                    </Button>
                  </Space>
                </Form.Item>
                <Form.Item label={t('field.email')}>
                  <Typography.Text data-testid="admin-email">{user?.email}</Typography.Text>
                </Form.Item>
                <Form.Item name="gender" label={t('field.gender')}>
                  <Radio.Group options={genderOptions()} data-testid="admin-gender" />
                </Form.Item>
                <Form.Item label={t('adminProfile.permission')}>
                  <Typography.Text code data-testid="admin-auth">
                    {user ? String(user.auth) : ''}
                  </Typography.Text>
                </Form.Item>
                <Form.Item wrapperCol={{ offset: 6 }}>
                  <Button type="primary" htmlType="submit" loading={saving} disabled={!user} data-testid="admin-save">
                    {t('common.save')}
                  </Button>
                </Form.Item>
              </Form>
            </Spin>
          </Card>
        </div>
        <div style={{ flex: 0.3, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Card size="small" title={t('field.calendar')}>
            <Calendar fullscreen={false} />
          </Card>
          <RelatedLinks />
        </div>
      </div>
    </div>
  );
}
