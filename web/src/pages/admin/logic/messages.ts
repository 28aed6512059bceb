// The admin screens' validation and result messages, worded as in spec §5 and §8. A user's
// fields are checked with the same limits and messages as the server and the CLI (@verdict/shared).
import { USER_LIMITS, USER_MESSAGES } from '@verdict/shared';

export const ADMIN_MESSAGES = {
  fillFormCorrectly: 'Please fill in the form correctly',
  idMustBeNumber: 'ID must be a number',

  problemTitleRequired: 'Please input the Title',
  problemTitleLength: 'The length of Title should be 1-50',
  problemMemory: 'The length of Memory should be 0-524288',
  problemTime: 'The length of Time should be 0-10000',

  contestTitleRequired: 'Please input the title',
  contestStartRequired: 'Please select the start time',
  contestEndRequired: 'Please select the end time',
  contestEndAfterStart: 'End time must be greater than start time',
  // The server's words for a freeze time outside the contest (issue 16).
  contestFreezeAfterStart: 'Freeze time must be after the start time',
  contestFreezeBeforeEnd: 'Freeze time must be before the end time',

  templateLanguage: 'The length of the Language should be between 1 and 100 characters',
  templateComment: 'The length of the Comment should be between 1 and 150 characters',
  templateScript: 'Please input the Script',

  usernameMax: USER_MESSAGES.maximum30,
  passwordLength: USER_MESSAGES.passwordLength,
  passwordMismatch: USER_MESSAGES.passwordMismatch,
  noSelectedUsers: 'No selected users',

  uploadFormat: 'File format not supported. Please upload zip files.',
  uploadSize: 'File size exceeds the limit.',
  uploadNone: 'No file selected for upload.',
  uploadOk: 'Upload successful',
  uploadFailed: 'Upload failed',
} as const;

export type Deletable = 'problem' | 'contest' | 'template';

export const selectToDelete = (what: Deletable) => `Please select the ${what} to delete`;
export const confirmDelete = (what: Deletable) => `Are you sure to delete the selected ${what}s?`;
export const confirmDeleteUsers = (count: number) => `Delete ${count} selected users?`;

export const LIMITS = {
  problemTitleMax: 50,
  memoryMaxMb: 524288,
  timeMaxMs: 10000,
  templateLanguageMax: 100,
  templateCommentMax: 150,
  usernameMax: USER_LIMITS.usernameMax,
  nicknameAddMax: 30,
  nicknameEditMax: 100,
  passwordMin: USER_LIMITS.adminPasswordMin,
  passwordMax: USER_LIMITS.adminPasswordMax,
  uploadMaxBytes: 536870912,
} as const;
