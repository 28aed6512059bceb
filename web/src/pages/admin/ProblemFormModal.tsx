import { Col, ColorPicker, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { colorNameProblem, normalizeHexColor, PROBLEM_COLOR_LIMITS } from '@verdict/shared';
import { Suspense } from 'react';
import { lazyNamed } from '../../components/Deferred.tsx';
import type { ProblemFields } from '../../api/adminProblems.ts';
import { BalloonSwatch } from './BalloonSwatch.tsx';
import { FormModal } from './FormModal.tsx';
import { ADMIN_MESSAGES, LIMITS } from './logic/messages.ts';
import { BALLOON_PRESETS, presetName } from './logic/problemColors.ts';
import { t, useLanguage } from '../../i18n/index.ts';
import { sharedMessage } from '../../i18n/server-messages.ts';

// Markdown and KaTeX load with the first preview, not with the problem list.
const MarkdownView = lazyNamed(() => import('../../components/MarkdownView.tsx').then((m) => m.MarkdownView));

interface Props {
  open: boolean;
  /** Modal title: "Add Problem", or the edited problem's title. */
  title: string;
  initialValues?: Partial<ProblemFields>;
  successMessage: string;
  onSubmit: (values: ProblemFields) => Promise<void>;
  onClose: () => void;
}

function StatementEditor() {
  useLanguage();
  const form = Form.useFormInstance();
  const statement = Form.useWatch('statement', form) as string | undefined;
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="statement" label={t('problems.statement')}>
          <Input.TextArea rows={14} data-testid="problem-statement" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Typography.Text type="secondary">{t('problems.preview')}</Typography.Text>
        <div className="statement-preview" data-testid="statement-preview">
          <Suspense fallback={null}>
            <MarkdownView source={statement ?? ''} />
          </Suspense>
        </div>
      </Col>
    </Row>
  );
}

async function checkColor(_: unknown, value?: string): Promise<void> {
  if (value && value.trim() !== '' && !normalizeHexColor(value)) throw new Error(t('problems.badColor'));
}

interface ColorInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** A colour picked (rather than typed). */
  onPick: (color: string) => void;
}

/** A hex colour, typed, or picked with the usual balloon colours as presets. */
function ColorInput({ id, value, onChange, onPick }: ColorInputProps) {
  useLanguage();
  const hex = normalizeHexColor(value ?? '');
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value)} placeholder="#ff0000" allowClear data-testid="problem-color" />
      <ColorPicker
        value={hex ?? undefined}
        disabledAlpha
        presets={[{ label: t('problems.balloonPresets'), colors: BALLOON_PRESETS.map((p) => p.color) }]}
        onChangeComplete={(picked) => {
          const color = picked.toHexString();
          onChange?.(color);
          onPick(color);
        }}
      >
        <span className="color-picker-trigger" data-testid="problem-color-picker">
          <BalloonSwatch color={hex} colorName={null} size={24} />
        </span>
      </ColorPicker>
    </Space.Compact>
  );
}

/**
 * The balloon colour and its optional name; both may stay empty. Picking a preset names the
 * colour, unless the admin typed a name of their own.
 */
function ColorFields() {
  useLanguage();
  const form = Form.useFormInstance<ProblemFields>();
  // The colour before a pick: a name that came from its preset follows the new pick.
  const previous = (Form.useWatch('color', form) ?? '') as string;
  const named = (picked: string) => {
    const name = ((form.getFieldValue('colorName') ?? '') as string).trim();
    if (name === '' || presetName(previous) === name) form.setFieldValue('colorName', presetName(picked) ?? '');
    void form.validateFields(['colorName']);
  };
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="color" label={t('problems.color')} rules={[{ validator: checkColor }]}>
          <ColorInput onPick={named} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="colorName"
          label={t('problems.colorName')}
          dependencies={['color']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                const name = value?.trim() ?? '';
                if (name === '') return;
                const problem = colorNameProblem(name);
                if (problem) throw new Error(sharedMessage(problem));
                if (((getFieldValue('color') ?? '') as string).trim() === '') throw new Error(t('problems.colorNameWithoutColor'));
              },
            }),
          ]}
        >
          <Input placeholder={t('problems.colorNamePlaceholder')} maxLength={PROBLEM_COLOR_LIMITS.nameMax} data-testid="problem-color-name" />
        </Form.Item>
      </Col>
    </Row>
  );
}

type FactorsChoice = 'package' | 'on' | 'off';
const toChoice = (value: boolean | null | undefined): FactorsChoice => (value === true ? 'on' : value === false ? 'off' : 'package');
const fromChoice = (choice: FactorsChoice): boolean | null => (choice === 'on' ? true : choice === 'off' ? false : null);

/** Whether the limits are scaled by each language's factors: as the package's format says, or always, or never. */
function LanguageFactorsField() {
  useLanguage();
  return (
    <Form.Item
      name="languageFactors"
      label={t('problems.languageFactors')}
      extra={t('problems.languageFactorsHelp')}
      getValueProps={(value: boolean | null | undefined) => ({ value: toChoice(value) })}
      normalize={fromChoice}
    >
      <Select<FactorsChoice>
        data-testid="problem-language-factors"
        options={(['package', 'on', 'off'] as const).map((choice) => ({ value: choice, label: t(`problems.languageFactors.${choice}`) }))}
      />
    </Form.Item>
  );
}

/** Add Problem and edit problem (spec §5 problem rules); the statement is edited beside its preview. */
export function ProblemFormModal(props: Props) {
  useLanguage();
  return (
    <FormModal<ProblemFields>
      title={props.title}
      open={props.open}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      successMessage={props.successMessage}
      initialValues={{ memoryLimit: 256, timeLimit: 1000, statement: '', color: '', colorName: '', languageFactors: null, ...props.initialValues }}
      width={960}
      testId="problem-modal"
    >
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="title"
            label={t('field.title')}
            rules={[
              { required: true, whitespace: true, message: ADMIN_MESSAGES.problemTitleRequired },
              { max: LIMITS.problemTitleMax, message: ADMIN_MESSAGES.problemTitleLength },
            ]}
          >
            <Input data-testid="problem-title" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="memoryLimit"
            label={t('field.memoryMb')}
            rules={[
              { required: true, message: ADMIN_MESSAGES.problemMemory },
              { type: 'integer', min: 0, max: LIMITS.memoryMaxMb, message: ADMIN_MESSAGES.problemMemory },
            ]}
          >
            <InputNumber style={{ width: '100%' }} data-testid="problem-memory" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="timeLimit"
            label={t('field.timeMs')}
            rules={[
              { required: true, message: ADMIN_MESSAGES.problemTime },
              { type: 'integer', min: 0, max: LIMITS.timeMaxMs, message: ADMIN_MESSAGES.problemTime },
            ]}
          >
            <InputNumber style={{ width: '100%' }} data-testid="problem-time" />
          </Form.Item>
        </Col>
      </Row>
      <ColorFields />
      <LanguageFactorsField />
      <StatementEditor />
    </FormModal>
  );
}
