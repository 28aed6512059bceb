// The admin screens' validation and result messages, worded as in spec §5 and §8, in the current
// language (the texts are in i18n/en.ts and zh.ts). A user's fields are checked with the same
// limits and messages as the server and the CLI (@verdict/shared).
import { USER_LIMITS } from '@verdict/shared';
import { messagesOf, t } from '../../../i18n/index.ts';

export const ADMIN_MESSAGES = messagesOf({
  fillFormCorrectly: 'admin.fillFormCorrectly',
  idMustBeNumber: 'admin.idMustBeNumber',

  problemTitleRequired: 'admin.problemTitleRequired',
  problemTitleLength: 'admin.problemTitleLength',
  problemMemory: 'admin.problemMemory',
  problemTime: 'admin.problemTime',

  contestTitleRequired: 'admin.contestTitleRequired',
  contestTitleLength: 'admin.contestTitleLength',
  contestStartRequired: 'admin.contestStartRequired',
  contestEndRequired: 'admin.contestEndRequired',
  contestEndAfterStart: 'admin.contestEndAfterStart',
  // The server's words for a freeze time outside the contest (issue 16).
  contestFreezeAfterStart: 'admin.contestFreezeAfterStart',
  contestFreezeBeforeEnd: 'admin.contestFreezeBeforeEnd',

  templateLanguage: 'admin.templateLanguage',
  templateComment: 'admin.templateComment',
  templateScript: 'admin.templateScript',

  usernameMax: 'user.maximum30',
  passwordLength: 'user.passwordLength',
  passwordMismatch: 'user.passwordMismatch',
  noSelectedUsers: 'admin.noSelectedUsers',

  uploadFormat: 'admin.uploadFormat',
  uploadSize: 'admin.uploadSize',
  uploadNone: 'admin.uploadNone',
  uploadOk: 'admin.uploadOk',
  uploadFailed: 'admin.uploadFailed',
});

export type Deletable = 'problem' | 'contest' | 'template';

export const selectToDelete = (what: Deletable) => t(`admin.selectToDelete.${what}`);
export const confirmDelete = (what: Deletable) => t(`admin.confirmDelete.${what}`);
export const confirmDeleteUsers = (count: number) => t('admin.confirmDeleteUsers', { count });

export const LIMITS = {
  problemTitleMax: 50,
  memoryMaxMb: 524288,
  timeMaxMs: 10000,
  templateLanguageMax: 100,
  templateCommentMax: 150,
  usernameMax: USER_LIMITS.usernameMax,
  nicknameAddMax: 30,
  nicknameEditMax: 100,
  affiliationMax: USER_LIMITS.affiliationMax,
  passwordMin: USER_LIMITS.adminPasswordMin,
  passwordMax: USER_LIMITS.adminPasswordMax,
  uploadMaxBytes: 536870912,
} as const;
