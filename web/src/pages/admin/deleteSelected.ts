// Delete-selected with the spec's guard and confirmation (§5), shared by the admin tables.
import { errorMessage } from '../../api/client.ts';
import { confirmDialog, notify } from '../../feedback.ts';

export async function deleteSelected(options: {
  ids: number[];
  nothingSelected: string;
  question: string;
  remove: (ids: number[]) => Promise<unknown>;
  successMessage: string;
  after: () => void;
}): Promise<void> {
  if (options.ids.length === 0) {
    notify.warning(options.nothingSelected);
    return;
  }
  if (!(await confirmDialog({ title: options.question }))) return;
  try {
    await options.remove(options.ids);
    notify.success(options.successMessage);
    options.after();
  } catch (err) {
    notify.error(errorMessage(err));
  }
}
