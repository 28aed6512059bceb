import { DatePicker, Form, Input, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { DEFAULT_SCORING_RULE, PASS_FAIL_POINTS, SCORING_RULE_LABELS, SCORING_RULES, type ScoringRule } from '@verdict/shared';
import type { ContestFields } from '../../api/adminContests.ts';
import { FormModal } from './FormModal.tsx';
import { ADMIN_MESSAGES } from './logic/messages.ts';
import { contestNow, earliestEnd, freezeTimeProblem, isDayBefore, PICKER_FORMAT, timesBefore, toWireTime } from './logic/contestTimes.ts';

export interface ContestFormValues {
  title: string;
  start: Dayjs;
  end: Dayjs;
  /** Optional: when the scoreboard freezes for contestants (strictly between start and end). */
  freeze?: Dayjs | null;
  scoringRule: ScoringRule;
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
      <Form.Item
        name="freeze"
        label="Scoreboard Freeze (optional)"
        dependencies={['start', 'end']}
        extra="From this time until you thaw it, contestants see later submissions on the leaderboard as pending (“?”)."
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: Dayjs | null | undefined) => {
              const problem = freezeTimeProblem(value, getFieldValue('start') as Dayjs | undefined, getFieldValue('end') as Dayjs | undefined);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          }),
        ]}
      >
        <DatePicker
          showTime
          allowClear
          format={PICKER_FORMAT}
          style={{ width: '100%' }}
          disabledDate={(d) => isDayBefore(d, start ?? contestNow())}
          showNow={false}
          placeholder="No freeze"
          data-testid="contest-freeze"
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
        props.onSubmit({
          title: values.title.trim(),
          startTimeStr: toWireTime(values.start),
          endTimeStr: toWireTime(values.end),
          freezeTimeStr: values.freeze ? toWireTime(values.freeze) : '',
          scoringRule: values.scoringRule,
        })
      }
      successMessage={props.successMessage}
      initialValues={{ scoringRule: DEFAULT_SCORING_RULE, ...props.initialValues }}
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
      <Form.Item
        name="scoringRule"
        label="Scoring Rule"
        extra={`IOI and OI rank by total score; a pass-fail problem scores ${PASS_FAIL_POINTS} for AC and 0 otherwise.`}
      >
        <Select<ScoringRule>
          options={SCORING_RULES.map((rule) => ({ value: rule, label: SCORING_RULE_LABELS[rule] }))}
          data-testid="contest-scoring-rule"
        />
      </Form.Item>
      <TimePickers />
    </FormModal>
  );
}
