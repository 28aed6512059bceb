import { Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { MarkdownView } from '../../components/MarkdownView.tsx';
import type { ProblemFields } from '../../api/adminProblems.ts';
import { FormModal } from './FormModal.tsx';
import { ADMIN_MESSAGES, LIMITS } from './logic/messages.ts';

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
  const form = Form.useFormInstance();
  const statement = Form.useWatch('statement', form) as string | undefined;
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item name="statement" label="Statement (Markdown, $maths$ with KaTeX)">
          <Input.TextArea rows={14} data-testid="problem-statement" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Typography.Text type="secondary">Preview</Typography.Text>
        <div className="statement-preview" data-testid="statement-preview">
          <MarkdownView source={statement ?? ''} />
        </div>
      </Col>
    </Row>
  );
}

/** Add Problem and edit problem (spec §5 problem rules); the statement is edited beside its preview. */
export function ProblemFormModal(props: Props) {
  return (
    <FormModal<ProblemFields>
      title={props.title}
      open={props.open}
      onClose={props.onClose}
      onSubmit={props.onSubmit}
      successMessage={props.successMessage}
      initialValues={{ memoryLimit: 256, timeLimit: 1000, statement: '', ...props.initialValues }}
      width={960}
      testId="problem-modal"
    >
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="title"
            label="Title"
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
            label="Memory (MB)"
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
            label="Time (ms)"
            rules={[
              { required: true, message: ADMIN_MESSAGES.problemTime },
              { type: 'integer', min: 0, max: LIMITS.timeMaxMs, message: ADMIN_MESSAGES.problemTime },
            ]}
          >
            <InputNumber style={{ width: '100%' }} data-testid="problem-time" />
          </Form.Item>
        </Col>
      </Row>
      <StatementEditor />
    </FormModal>
  );
}
