import { USER_LIMITS } from '@verdict/shared';
import { Avatar, Button, Calendar, Card, Form, Input, Select, Spin, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { Gender } from '../api/types.ts';
import { useOwnProfile } from '../lib/useOwnProfile.ts';
import { RelatedLinks } from '../components/RelatedLinks.tsx';
import { genderLabel, genderOptions, roleLabel } from '../lib/people.ts';
import { useT } from '../i18n/index.ts';

interface FormValues {
  username: string;
  nickname: string;
  email: string;
  gender: Gender | '';
  password: string;
  currentPassword: string;
}

export default function PersonInfoPage() {
  const t = useT();
  const [form] = Form.useForm<FormValues>();
  const { user, loading, saving, save: saveProfile, storedName } = useOwnProfile((info) => form.setFieldsValue({ ...info, password: '', currentPassword: '' }));

  const save = async () => {
    const values = form.getFieldsValue(true) as FormValues;
    if (await saveProfile(values, values.password ?? '', values.currentPassword ?? '')) form.setFieldsValue({ password: '', currentPassword: '' });
  };

  return (
    <div className="page">
      <Typography.Title level={3}>{t('nav.personInfo')}</Typography.Title>
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
                {user ? <Tag color="blue">{roleLabel(user.auth)}</Tag> : null}
                {user?.gender ? <Tag data-testid="person-gender">{genderLabel(user.gender)}</Tag> : null}
              </div>
            </Spin>
          </Card>
          <Card size="small" title={t('field.calendar')}>
            <Calendar fullscreen={false} />
          </Card>
        </div>
        <div style={{ flex: 0.5, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Card title={t('person.editTitle')}>
            <Spin spinning={loading}>
              <Form form={form} layout="vertical" onFinish={save} name="person-info">
                <Form.Item label={t('field.userId')}>
                  <Input value={user?.id ?? ''} disabled />
                </Form.Item>
                <Form.Item name="username" label={t('field.username')}>
                  <Input maxLength={USER_LIMITS.usernameMax} data-testid="field-username" />
                </Form.Item>
                <Form.Item name="nickname" label={t('field.nickname')}>
                  <Input maxLength={100} data-testid="field-nickname" />
                </Form.Item>
                <Form.Item name="email" label={t('field.email')}>
                  <Input type="email" data-testid="field-email" />
                </Form.Item>
                <Form.Item name="gender" label={t('field.gender')}>
                  <Select data-testid="field-gender" options={genderOptions()} />
                </Form.Item>
                <Form.Item name="password" label={t('person.newPassword')} extra={t('person.keepPassword')}>
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
                <Form.Item name="currentPassword" label={t('person.currentPassword')} extra={t('person.currentPasswordHelp')}>
                  <Input.Password autoComplete="current-password" data-testid="field-current-password" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={saving} disabled={!user} data-testid="save-person-info">
                  {t('common.save')}
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
