import { useEffect, useState } from 'react';
import { Form, Select, Typography } from 'antd';
import { errorMessage } from '../../api/client.ts';
import { notify } from '../../feedback.ts';
import { FormModal } from './FormModal.tsx';
import { t as tNow, useT } from '../../i18n/index.ts';

export interface PickOption {
  value: number;
  label: string;
}

export interface PickAction {
  /** Modal title, e.g. "Add User". */
  title: string;
  label: string;
  required: string;
  load: () => Promise<PickOption[]>;
  loadFailed: string;
  submit: (value: number) => Promise<unknown>;
  successMessage: string;
  testId: string;
}

interface Props {
  action: PickAction | null;
  contestTitle: string;
  onClose: () => void;
}

/** Add or remove one user or problem: the contest's title and a filterable select (spec §2). */
export function ContestPickModal({ action, contestTitle, onClose }: Props) {
  const t = useT();
  const [options, setOptions] = useState<PickOption[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!action) return;
    let live = true;
    setOptions([]);
    setLoading(true);
    action
      .load()
      .then((list) => live && setOptions(list))
      .catch((err) => live && notify.error(tNow('contests.loadFailed', { failed: action.loadFailed, message: errorMessage(err) })))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [action]);

  return (
    <FormModal<{ value: number }>
      title={action?.title ?? ''}
      open={action !== null}
      onClose={onClose}
      onSubmit={async ({ value }) => {
        await action!.submit(value);
      }}
      successMessage={action?.successMessage}
      testId={action?.testId ?? 'pick-modal'}
    >
      <Typography.Paragraph>
        {t('contests.contestLabel')} <Typography.Text strong>{contestTitle}</Typography.Text>
      </Typography.Paragraph>
      <Form.Item name="value" label={action?.label} rules={[{ required: true, message: action?.required }]}>
        <Select
          showSearch
          loading={loading}
          options={options}
          optionFilterProp="label"
          placeholder={t('contests.typeToFilter')}
          notFoundContent={loading ? t('common.loading') : t('contests.nothingToChoose')}
          data-testid={`${action?.testId ?? 'pick'}-select`}
        />
      </Form.Item>
    </FormModal>
  );
}
