import { USER_LIMITS } from '@verdict/shared';
import { Button, Calendar, Card, Form, Input, Radio, Space, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { Gender } from '../../api/types.ts';
import { useOwnProfile } from '../../lib/useOwnProfile.ts';
import { paths } from '../../lib/paths.ts';
import { RelatedLinks } from '../../components/RelatedLinks.tsx';
import { GENDER_OPTIONS } from './UserFormModals.tsx';

interface FormValues {
  username: string;
  nickname: string;
  gender: Gender | '';
}

/** The administrator's own profile (spec §2 "Admin profile"). */
export default function AdminPersonInfoPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const { user, loading, saving, save: saveProfile } = useOwnProfile((info) => form.setFieldsValue(info));

  // The admin profile does not edit the e-mail address (spec §2): the stored one is kept.
  const save = (values: FormValues) => saveProfile({ ...values, email: user?.email ?? '' });

  return (
    <div className="page">
      <Typography.Title level={3}>Admin Profile</Typography.Title>
      <div className="split">
        <div style={{ flex: 0.5, minWidth: 0 }}>
          <Card title="My information">
            <Spin spinning={loading}>
              <Form form={form} layout="horizontal" labelCol={{ span: 6 }} onFinish={save} name="admin-person-info">
                <Form.Item label="User ID">
                  <Typography.Text data-testid="admin-user-id">{user?.id}</Typography.Text>
                </Form.Item>
                <Form.Item name="username" label="Username">
                  <Input maxLength={USER_LIMITS.usernameMax} data-testid="admin-username" />
                </Form.Item>
                <Form.Item name="nickname" label="Nickname">
                  <Input maxLength={100} data-testid="admin-nickname" />
                </Form.Item>
                <Form.Item label="Password">
                  <Space>
                    <Input.Password value="********" disabled style={{ width: 160 }} visibilityToggle={false} />
                    <Button onClick={() => navigate(paths.adminResetPassword)} data-testid="admin-reset-password">
                      Reset Password
                    </Button>
                  </Space>
                </Form.Item>
                <Form.Item label="E-mail">
                  <Typography.Text data-testid="admin-email">{user?.email}</Typography.Text>
                </Form.Item>
                <Form.Item name="gender" label="Gender">
                  <Radio.Group options={GENDER_OPTIONS} data-testid="admin-gender" />
                </Form.Item>
                <Form.Item label="Permission">
                  <Typography.Text code data-testid="admin-auth">
                    {user ? String(user.auth) : ''}
                  </Typography.Text>
                </Form.Item>
                <Form.Item wrapperCol={{ offset: 6 }}>
                  <Button type="primary" htmlType="submit" loading={saving} disabled={!user} data-testid="admin-save">
                    Save
                  </Button>
                </Form.Item>
              </Form>
            </Spin>
          </Card>
        </div>
        <div style={{ flex: 0.3, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Card size="small" title="Calendar">
            <Calendar fullscreen={false} />
          </Card>
          <RelatedLinks />
        </div>
      </div>
    </div>
  );
}
