import { Checkbox, DatePicker, Form, Input, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { DEFAULT_SCORING_RULE, PASS_FAIL_POINTS, SCORING_RULES, type ScoringRule } from '@verdict/shared';
import type { ContestFields } from '../../api/adminContests.ts';
import { FormModal } from './FormModal.tsx';
import { ADMIN_MESSAGES } from './logic/messages.ts';
import { useT } from '../../i18n/index.ts';
import { contestNow, earliestEnd, freezeTimeProblem, isDayBefore, PICKER_FORMAT, timesBefore, toWireTime } from './logic/contestTimes.ts';

export interface ContestFormValues {
  title: string;
  start: Dayjs;
  end: Dayjs;
  /** Optional: when the scoreboard freezes for contestants (strictly between start and end). */
  freeze?: Dayjs | null;
  scoringRule: ScoringRule;
  /** Run every test of an ICPC submission and show each verdict. */
  showAllTests: boolean;
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
  const t = useT();
  const form = Form.useFormInstance<ContestFormValues>();
  const start = Form.useWatch('start', form) as Dayjs | undefined;
  const endLimit = () => earliestEnd(start ?? null, contestNow());
  // The picker's own Now is the browser's wall clock: ours is Shanghai's, taken when clicked.
  const presets = [{ label: t('contests.now'), value: () => contestNow() }];
  return (
    <>
      <Form.Item name="start" label={t('field.startTime')} rules={[{ required: true, message: ADMIN_MESSAGES.contestStartRequired }]}>
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
        label={t('field.endTime')}
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
        label={t('contests.freeze')}
        dependencies={['start', 'end']}
        extra={t('contests.freezeHelp')}
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
          placeholder={t('contests.noFreeze')}
          data-testid="contest-freeze"
        />
      </Form.Item>
      <Typography.Text type="secondary">{t('contests.timeZone')}</Typography.Text>
    </>
  );
}

/** Add and edit contest (spec §5 contest rules). */
export function ContestFormModal(props: Props) {
  const t = useT();
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
          showAllTests: values.showAllTests,
        })
      }
      successMessage={props.successMessage}
      initialValues={{ scoringRule: DEFAULT_SCORING_RULE, showAllTests: false, ...props.initialValues }}
      width={560}
      testId="contest-modal"
    >
      <Form.Item
        name="title"
        label={t('field.title')}
        rules={[
          { required: true, whitespace: true, message: ADMIN_MESSAGES.contestTitleRequired },
          { max: 100, message: ADMIN_MESSAGES.contestTitleLength },
        ]}
      >
        <Input data-testid="contest-title" />
      </Form.Item>
      <Form.Item
        name="scoringRule"
        label={t('contests.scoringRule')}
        extra={t('contests.scoringHelp', { points: PASS_FAIL_POINTS })}
      >
        <Select<ScoringRule>
          options={SCORING_RULES.map((rule) => ({ value: rule, label: t(`scoring.${rule}`) }))}
          data-testid="contest-scoring-rule"
        />
      </Form.Item>
      <Form.Item name="showAllTests" valuePropName="checked" extra={t('contests.showAllTestsHelp')}>
        <Checkbox data-testid="contest-show-all-tests">{t('contests.showAllTests')}</Checkbox>
      </Form.Item>
      <TimePickers />
    </FormModal>
  );
}
