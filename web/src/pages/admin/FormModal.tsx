import { useState, type ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { errorMessage } from '../../api/client.ts';
import { notify } from '../../feedback.ts';
import { ADMIN_MESSAGES } from './logic/messages.ts';

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
 * A form in a modal with the rules of spec §4: closes on success; on failed validation or a
 * refused request it stays open and the confirm button is usable again.
 */
export function FormModal<T extends object>(props: Props<T>) {
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
    <Modal
      title={props.title}
      open={props.open}
      onCancel={props.onClose}
      onOk={confirm}
      okText="Confirm"
      cancelText="Cancel"
      confirmLoading={busy}
      width={props.width}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ 'data-testid': `${props.testId}-ok` }}
      data-testid={props.testId}
    >
      <Form<T>
        form={form}
        layout="vertical"
        name={props.testId}
        initialValues={props.initialValues}
        preserve={false}
        onFinish={confirm}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
