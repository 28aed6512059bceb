import { DatePicker, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ContestFields } from '../../api/adminContests.ts';
import { FormModal } from './FormModal.tsx';
import { ADMIN_MESSAGES } from './logic/messages.ts';
import { contestNow, earliestEnd, isDayBefore, PICKER_FORMAT, timesBefore, toWireTime } from './logic/contestTimes.ts';

export interface ContestFormValues {
  title: string;
  start: Dayjs;
  end: Dayjs;
}

interface Props {
  open: boolean;
  title: string;
  initialValues?: Partial<ContestFormValues>;
  successMessage: string;
  onSubmit: (fields: ContestFields) => Promise<void>;
  onClose: () => void;
}

/** The two pickers: the start refuses the past, the end anything before start + 1 hour. */
function TimePickers() {
  const form = Form.useFormInstance<ContestFormValues>();
  const start = Form.useWatch('start', form) as Dayjs | undefined;
  const endLimit = () => earliestEnd(start ?? null, contestNow());
  // The picker's own Now is the browser's wall clock: ours is Shanghai's, taken when clicked.
  const presets = [{ label: 'Now (UTC+8)', value: () => contestNow() }];
  return (
    <>
      <Form.Item name="start" label="Start Time" rules={[{ required: true, message: ADMIN_MESSAGES.contestStartRequired }]}>
        <DatePicker
          showTime
          format={PICKER_FORMAT}
          style={{ width: '100%' }}
          disabledDate={(d) => isDayBefore(d, contestNow())}
          disabledTime={(d) => timesBefore(d, contestNow())}
          showNow={false}
          presets={presets}
          data-testid="contest-start"
        />
      </Form.Item>
      <Form.Item
        name="end"
        label="End Time"
        dependencies={['start']}
        rules={[
          { required: true, message: ADMIN_MESSAGES.contestEndRequired },
          ({ getFieldValue }) => ({
            validator: (_, value: Dayjs | undefined) => {
              const chosenStart = getFieldValue('start') as Dayjs | undefined;
              return value && chosenStart && !value.isAfter(chosenStart)
                ? Promise.reject(new Error(ADMIN_MESSAGES.contestEndAfterStart))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <DatePicker
          showTime
          format={PICKER_FORMAT}
          style={{ width: '100%' }}
          disabledDate={(d) => isDayBefore(d, endLimit())}
          disabledTime={(d) => timesBefore(d, endLimit())}
          showNow={false}
          data-testid="contest-end"
        />
      </Form.Item>
      <Typography.Text type="secondary">
        Times are Asia/Shanghai time (UTC+8), the contest&apos;s time zone, as in the tables and the contest pages, whatever your
        browser&apos;s time zone.
      </Typography.Text>
    </>
  );
}

/** Add and edit contest (spec §5 contest rules). */
export function ContestFormModal(props: Props) {
  return (
    <FormModal<ContestFormValues>
      title={props.title}
      open={props.open}
      onClose={props.onClose}
      onSubmit={(values) =>
        props.onSubmit({ title: values.title.trim(), startTimeStr: toWireTime(values.start), endTimeStr: toWireTime(values.end) })
      }
      successMessage={props.successMessage}
      initialValues={props.initialValues}
      width={560}
      testId="contest-modal"
    >
      <Form.Item
        name="title"
        label="Title"
        rules={[
          { required: true, whitespace: true, message: ADMIN_MESSAGES.contestTitleRequired },
          { max: 100, message: 'The length of the title should be at most 100 characters' },
        ]}
      >
        <Input data-testid="contest-title" />
      </Form.Item>
      <TimePickers />
    </FormModal>
  );
}
