import { USER_MESSAGES } from '@verdict/shared';
import { Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import type { NewUserFields, UserFields } from '../../api/adminUsers.ts';
import type { Gender, User } from '../../api/types.ts';
import { FormModal } from './FormModal.tsx';
import { ADMIN_MESSAGES, LIMITS } from './logic/messages.ts';
import { ASSIGNABLE_ROLES } from './logic/roles.ts';

export const GENDER_OPTIONS: { value: Gender; label: string }[] = [
  { value: 'male', label: '男' },
  { value: 'female', label: '女' },
];

const usernameRules: Rule[] = [
  { required: true, whitespace: true, message: 'Please input the username' },
  { max: LIMITS.usernameMax, message: ADMIN_MESSAGES.usernameMax },
];
const emailRules: Rule[] = [
  { required: true, message: 'Please input the e-mail' },
  { type: 'email', message: USER_MESSAGES.emailInvalid },
];
const nicknameRules = (max: number): Rule[] => [{ max, message: `Maximum ${max} characters` }];
const passwordRules: Rule[] = [
  { required: true, message: ADMIN_MESSAGES.passwordLength },
  { min: LIMITS.passwordMin, max: LIMITS.passwordMax, message: ADMIN_MESSAGES.passwordLength },
];
const confirmRules: Rule[] = [
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
  return (
    <>
      <Form.Item name="password" label="Password" rules={passwordRules}>
        <Input.Password autoComplete="new-password" data-testid="user-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label="Confirm Password" dependencies={['password']} rules={confirmRules}>
        <Input.Password autoComplete="new-password" data-testid="user-confirm-password" />
      </Form.Item>
    </>
  );
}

function ProfileFields({ nicknameMax, superadmin }: { nicknameMax: number; superadmin?: boolean }) {
  return (
    <>
      <Form.Item name="username" label="Username" rules={usernameRules}>
        <Input data-testid="user-username" />
      </Form.Item>
      <Form.Item name="email" label="E-mail" rules={emailRules}>
        <Input data-testid="user-email" />
      </Form.Item>
      <Form.Item name="nickname" label="Nickname" rules={nicknameRules(nicknameMax)}>
        <Input data-testid="user-nickname" />
      </Form.Item>
      <Form.Item name="gender" label="Gender" rules={[{ required: true, message: 'Please select the gender' }]}>
        <Select options={GENDER_OPTIONS} data-testid="user-gender" />
      </Form.Item>
      <Form.Item name="auth" label="Authority" rules={[{ required: true, message: 'Please select the authority' }]}>
        <Select
          disabled={superadmin}
          options={superadmin ? [{ value: 2, label: 'superadmin' }] : [...ASSIGNABLE_ROLES]}
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
  return (
    <FormModal<NewUserFields & PasswordValues>
      title="Add User"
      testId="add-user-form"
      open={props.open}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      successMessage="Add user successfully"
      initialValues={{ gender: 'male', auth: 0 }}
    >
      <ProfileFields nicknameMax={LIMITS.nicknameAddMax} />
      <PasswordFields />
    </FormModal>
  );
}

export function EditUserModal(props: ModalProps<UserFields> & { user: User | null }) {
  return (
    <FormModal<UserFields>
      title={`Edit User: ${props.user?.username ?? ''}`}
      testId="edit-user-form"
      open={props.open}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      successMessage="Update user information successfully"
      initialValues={props.user ? { ...props.user, gender: props.user.gender || undefined } as Partial<UserFields> : undefined}
    >
      <ProfileFields nicknameMax={LIMITS.nicknameEditMax} superadmin={props.user?.auth === 2} />
    </FormModal>
  );
}

export function ChangePasswordModal(props: ModalProps<PasswordValues> & { user: User | null }) {
  return (
    <FormModal<PasswordValues>
      title={`Change Password: ${props.user?.username ?? ''}`}
      testId="password-form"
      open={props.open}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      successMessage="Success"
    >
      <PasswordFields />
    </FormModal>
  );
}
