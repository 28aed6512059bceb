import { useEffect, useState } from 'react';
import { Avatar, Button, Calendar, Card, Form, Input, Select, Spin, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { userApi } from '../api/user.ts';
import { errorMessage } from '../api/client.ts';
import type { Gender, User } from '../api/types.ts';
import { checkPersonInfo } from '../lib/validation.ts';
import { storage } from '../storage.ts';
import { notify } from '../feedback.ts';
import { RelatedLinks } from '../components/RelatedLinks.tsx';

export const GENDER_LABELS: Record<Gender, string> = { male: '男', female: '女' };
const AUTH_LABELS = ['user', 'admin', 'superadmin'];

interface FormValues {
  username: string;
  nickname: string;
  email: string;
  gender: Gender | '';
  password: string;
}

export default function PersonInfoPage() {
  const storedName = storage.get('username') ?? '';
  const [form] = Form.useForm<FormValues>();
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    userApi
      .userInfo()
      .then((info) => {
        setUser(info);
        form.setFieldsValue({ ...info, password: '' });
      })
      .catch(() => notify.error(`Failed to get ${storedName}'s person information`))
      .finally(() => setLoading(false));
  }, [form, storedName]);

  const save = async () => {
    if (!user) return;
    const values = form.getFieldsValue(true) as FormValues;
    const trimmed = {
      username: (values.username ?? '').trim(),
      nickname: (values.nickname ?? '').trim(),
      email: (values.email ?? '').trim(),
      gender: values.gender ?? '',
    };
    const problem = checkPersonInfo(trimmed);
    if (problem) {
      notify.error(problem);
      return;
    }
    setSaving(true);
    try {
      await userApi.updateMyUser({ userID: user.id, ...trimmed, gender: trimmed.gender as Gender, password: values.password ?? '' });
      storage.set('username', trimmed.username);
      setUser({ ...user, ...trimmed, gender: trimmed.gender as Gender });
      form.setFieldValue('password', '');
      notify.success('Update user information successfully');
    } catch (err) {
      notify.error(`Failed to save ${user.username}'s personal information: ${errorMessage(err)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page">
      <Typography.Title level={3}>Personal Info</Typography.Title>
      <div className="split" style={{ justifyContent: 'center' }}>
        <div style={{ flex: 0.3, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Card style={{ textAlign: 'center' }}>
            <Spin spinning={loading}>
              <Avatar size={96} icon={<UserOutlined />} style={{ background: '#1677ff' }}>
                {user?.username?.[0]?.toUpperCase()}
              </Avatar>
              <Typography.Title level={4} style={{ marginBottom: 4 }} data-testid="person-username">
                {user?.username ?? storedName}
              </Typography.Title>
              <div>{user?.nickname}</div>
              <div style={{ marginTop: 8 }}>
                {user ? <Tag color="blue">{AUTH_LABELS[user.auth] ?? String(user.auth)}</Tag> : null}
                {user?.gender ? <Tag data-testid="person-gender">{GENDER_LABELS[user.gender]}</Tag> : null}
              </div>
            </Spin>
          </Card>
          <Card size="small" title="Calendar">
            <Calendar fullscreen={false} />
          </Card>
        </div>
        <div style={{ flex: 0.5, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Card title="Edit information">
            <Spin spinning={loading}>
              <Form form={form} layout="vertical" onFinish={save} name="person-info">
                <Form.Item label="User ID">
                  <Input value={user?.id ?? ''} disabled />
                </Form.Item>
                <Form.Item name="username" label="Username">
                  <Input maxLength={30} data-testid="field-username" />
                </Form.Item>
                <Form.Item name="nickname" label="Nickname">
                  <Input maxLength={100} data-testid="field-nickname" />
                </Form.Item>
                <Form.Item name="email" label="E-mail">
                  <Input type="email" data-testid="field-email" />
                </Form.Item>
                <Form.Item name="gender" label="Gender">
                  <Select
                    data-testid="field-gender"
                    options={(Object.keys(GENDER_LABELS) as Gender[]).map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
                  />
                </Form.Item>
                <Form.Item name="password" label="New password" extra="Leave empty to keep the current password.">
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={saving} disabled={!user} data-testid="save-person-info">
                  Save
                </Button>
              </Form>
            </Spin>
          </Card>
          <RelatedLinks />
        </div>
      </div>
    </div>
  );
}
