// Shapes on the wire (spec §3 and docs/api-decisions.md).

import type { ApiData, RoleCode, WireUser } from '@verdict/shared';

export type { Gender } from '@verdict/shared';
export type Auth = RoleCode;
export type User = WireUser;

// The replies' shapes are the server's, generated from its route table (@verdict/shared).
export type Contest = ApiData<'GET /api/contest/ContestInfo'>;
export type ContestProblem = ApiData<'GET /api/contestProblem/list'>[number];
export type Problem = ApiData<'POST /api/admin/problem/findByTitle2'>;
/** A template as the problem page gets it: with its language's editor mode and file extensions. */
export type JudgeTemplate = ApiData<'GET /api/JudgeTemplate/listUnConditional'>[number];
/** A template as administrators list and edit it. */
export type TemplateRow = ApiData<'GET /api/JudgeTemplate/list'>[number];
export type JudgeRecord = ApiData<'POST /api/JudgeRecord/MyList'>[number];
export type SubmissionResult = ApiData<'POST /api/submit'>;
export type Captcha = ApiData<'GET /api/captcha'>;

/** What every captcha-protected form sends along. */
export interface CaptchaAnswer {
  captchaId: string;
  captcha: string;
}

export type { LeaderboardRow, JudgeResultItem } from '../lib/leaderboard.ts';
