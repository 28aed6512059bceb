import type { ReactNode } from 'react';
import { Button, Form } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { isValidSearchId } from './logic/search.ts';
import { ADMIN_MESSAGES } from './logic/messages.ts';
import { useT } from '../../i18n/index.ts';

/** The optional numeric Search ID rule (spec §5). */
export const searchIdRule = {
  validator: (_: unknown, value: string | undefined) =>
    isValidSearchId(value) ? Promise.resolve() : Promise.reject(new Error(ADMIN_MESSAGES.idMustBeNumber)),
};

interface Props<T> {
  /** Called as fields are typed, for tables that filter live. */
  onChange?: (values: T) => void;
  onSearch: (values: T) => void;
  children: ReactNode;
  testId: string;
}

/** Inline search fields with Search and Reset buttons. */
export function SearchBar<T extends object>({ onChange, onSearch, children, testId }: Props<T>) {
  const t = useT();
  const [form] = Form.useForm<T>();
  return (
    <Form<T>
      form={form}
      layout="inline"
      name={testId}
      data-testid={testId}
      onValuesChange={(_, all) => onChange?.(all)}
      onFinish={onSearch}
      style={{ rowGap: 8 }}
    >
      {children}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-search`}>
          {t('common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined />}
          data-testid={`${testId}-reset`}
          onClick={() => {
            form.resetFields();
            const empty = form.getFieldsValue() as T;
            onChange?.(empty);
            onSearch(empty);
          }}
        >
          {t('common.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
