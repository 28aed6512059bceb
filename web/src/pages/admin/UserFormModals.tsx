import { Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { NewUserFields, UserFields } from '../../api/adminUsers.ts';
import type { User } from '../../api/types.ts';
import { FormModal } from './FormModal.tsx';
import { ADMIN_MESSAGES, LIMITS } from './logic/messages.ts';
import { ASSIGNABLE_ROLES } from './logic/roles.ts';
import { genderOptions, roleLabel } from '../../lib/people.ts';
import { t, useLanguage } from '../../i18n/index.ts';

// The rules are made at each render: their messages follow the language switch.
const usernameRules = (): Rule[] => [
  { required: true, whitespace: true, message: t('users.usernameRequired') },
  { max: LIMITS.usernameMax, message: ADMIN_MESSAGES.usernameMax },
];
const emailRules = (): Rule[] => [
  { required: true, message: t('users.emailRequired') },
  { type: 'email', message: t('user.emailInvalid') },
];
const nicknameRules = (max: number): Rule[] => [{ max, message: t('user.maximum', { max }) }];
const passwordRules = (): Rule[] => [
  { required: true, message: ADMIN_MESSAGES.passwordLength },
  { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: ADMIN_MESSAGES.passwordLength },
];
const confirmRules = (): Rule[] => [
  { required: true, message: ADMIN_MESSAGES.passwordMismatch },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(ADMIN_MESSAGES.passwordMismatch)),
  }),
];

export interface PasswordValues {
  password: string;
  confirmPassword: string;
}

function PasswordFields() {
  useLanguage();
  return (
    <>
      <Form.Item name="password" label={t('field.password')} rules={passwordRules()}>
        <Input.Password autoComplete="new-password" data-testid="user-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('users.confirmPassword')} dependencies={['password']} rules={confirmRules()}>
        <Input.Password autoComplete="new-password" data-testid="user-confirm-password" />
      </Form.Item>
    </>
  );
}

function ProfileFields({ nicknameMax, superadmin }: { nicknameMax: number; superadmin?: boolean }) {
  useLanguage();
  return (
    <>
      <Form.Item name="username" label={t('field.username')} rules={usernameRules()}>
        <Input data-testid="user-username" />
      </Form.Item>
      <Form.Item name="email" label={t('field.email')} rules={emailRules()}>
        <Input data-testid="user-email" />
      </Form.Item>
      <Form.Item name="nickname" label={t('field.nickname')} rules={nicknameRules(nicknameMax)}>
        <Input data-testid="user-nickname" />
      </Form.Item>
      <Form.Item name="affiliation" label={t('users.affiliation')} rules={nicknameRules(LIMITS.affiliationMax)} tooltip={t('users.affiliationHelp')}>
        <Input allowClear data-testid="user-affiliation" />
      </Form.Item>
      <Form.Item name="gender" label={t('field.gender')} rules={[{ required: true, message: t('users.genderRequired') }]}>
        <Select options={genderOptions()} data-testid="user-gender" />
      </Form.Item>
      <Form.Item name="auth" label={t('users.authority')} rules={[{ required: true, message: t('users.authorityRequired') }]}>
        <Select
          disabled={superadmin}
          options={(superadmin ? [2] : [...ASSIGNABLE_ROLES]).map((auth) => ({ value: auth, label: roleLabel(auth) }))}
          data-testid="user-auth"
        />
      </Form.Item>
    </>
  );
}

interface ModalProps<T> {
  open: boolean;
  onSubmit: (values: T) => Promise<void>;
  onClose: () => void;
}

export function AddUserModal(props: ModalProps<NewUserFields & PasswordValues>) {
  useLanguage();
  return (
    <FormModal<NewUserFields & PasswordValues>
      title={t('users.addTitle')}
      testId="add-user-form"
      open={props.open}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      successMessage={t('users.added')}
      initialValues={{ gender: 'male', auth: 0 }}
    >
      <ProfileFields nicknameMax={LIMITS.nicknameAddMax} />
      <PasswordFields />
    </FormModal>
  );
}

export function EditUserModal(props: ModalProps<UserFields> & { user: User | null }) {
  useLanguage();
  return (
    <FormModal<UserFields>
      title={t('users.editTitle', { name: props.user?.username ?? '' })}
      testId="edit-user-form"
      open={props.open}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      successMessage={t('users.updated')}
      initialValues={props.user ? { ...props.user, gender: props.user.gender || undefined } as Partial<UserFields> : undefined}
    >
      <ProfileFields nicknameMax={LIMITS.nicknameEditMax} superadmin={props.user?.auth === 2} />
    </FormModal>
  );
}

export function ChangePasswordModal(props: ModalProps<PasswordValues> & { user: User | null }) {
  useLanguage();
  return (
    <FormModal<PasswordValues>
      title={t('users.passwordTitle', { name: props.user?.username ?? '' })}
      testId="password-form"
      open={props.open}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      successMessage={t('users.passwordChanged')}
    >
      <PasswordFields />
    </FormModal>
  );
}
