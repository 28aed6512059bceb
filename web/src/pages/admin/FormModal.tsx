import { useState, type ReactNode } from 'react';
import { Button, Form, Modal, Space } from 'antd';
import { errorMessage } from '../../api/client.ts';
import { notify } from '../../feedback.ts';
import { ADMIN_MESSAGES } from './logic/messages.ts';
import { useT } from '../../i18n/index.ts';

interface Props<T> {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  /** Rejects to keep the modal open (the error's message is shown). */
  onSubmit: (values: T) => Promise<void>;
  successMessage?: string;
  initialValues?: Partial<T>;
  width?: number;
  testId: string;
  children: ReactNode;
}

/**
 * The form and its buttons. It lives inside the modal so that every opening gets a fresh form
 * store holding that opening's initial values (the modal destroys it when hidden).
 */
function FormModalBody<T extends object>(props: Props<T>) {
  const t = useT();
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    let values: T;
    try {
      values = await form.validateFields();
    } catch {
      notify.error(ADMIN_MESSAGES.fillFormCorrectly);
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(values);
      if (props.successMessage) notify.success(props.successMessage);
      props.onClose();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<T> form={form} layout="vertical" name={props.testId} initialValues={props.initialValues} onFinish={confirm}>
      {/* The fields scroll inside the modal; Cancel and Confirm stay in view on a short screen (768 px). */}
      <div className="form-modal-fields" data-testid={`${props.testId}-fields`}>
        {props.children}
      </div>
      <Space style={{ width: '100%', justifyContent: 'flex-end', paddingTop: 8 }}>
        <Button onClick={props.onClose} data-testid={`${props.testId}-cancel`}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" loading={busy} onClick={confirm} data-testid={`${props.testId}-ok`}>
          {t('common.confirm')}
        </Button>
      </Space>
    </Form>
  );
}

/**
 * A form in a modal with the rules of spec §4: closes on success; on failed validation or a
 * refused request it stays open and the confirm button is usable again.
 */
export function FormModal<T extends object>(props: Props<T>) {
  return (
    <Modal
      title={props.title}
      open={props.open}
      onCancel={props.onClose}
      footer={null}
      width={props.width}
      destroyOnHidden
      maskClosable={false}
    >
      <FormModalBody<T> {...props} />
    </Modal>
  );
}
