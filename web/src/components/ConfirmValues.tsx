import { Descriptions } from 'antd';
import { confirmDialog } from '../feedback.ts';

/** The confirmation dialog before login, register and reset: every entered value, one per row. */
export function confirmEnteredValues(title: string, values: Array<[label: string, value: string]>): Promise<boolean> {
  return confirmDialog({
    title,
    content: (
      <Descriptions column={1} size="small" bordered data-testid="confirm-values">
        {values.map(([label, value]) => (
          <Descriptions.Item key={label} label={label}>
            <span style={{ wordBreak: 'break-all' }}>{value}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
    ),
  });
}
