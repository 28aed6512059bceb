// Shapes on the wire (spec §3 and docs/api-decisions.md).

import type { RoleCode, WireUser } from '@verdict/shared';

export type { Gender } from '@verdict/shared';
export type Auth = RoleCode;
export type User = WireUser;

export interface Contest {
  id: number;
  title: string;
  startTime: string;
  endTime: string;
  createTime: string;
}

export interface ContestProblem {
  contestId: number;
  problemId: number;
  letter: string;
  title: string;
  timeLimit: number;
  memoryLimit: number;
}

export interface Problem {
  id: number;
  title: string;
  timeLimit: number;
  memoryLimit: number;
  statement?: string;
  hasPdf?: boolean;
}

export interface JudgeTemplate {
  id: number;
  language: string;
  comment: string;
  description: string;
}

export interface JudgeRecord {
  id: number;
  problemId: number;
  problemTitle: string;
  username: string;
  templateName: string;
  judgeTime: string;
  judgeResult: string;
  runTime: number | null;
  runMemory: number | null;
  contestId: number | null;
}

export interface SubmissionResult {
  id?: number;
  result: boolean;
  runTime: number | null;
  runMemory: number | null;
  judgeResult: string;
  compileMessage: string | null;
  judgeTime: string;
}

export interface Captcha {
  captchaId: string;
  image: string;
}

/** What every captcha-protected form sends along. */
export interface CaptchaAnswer {
  captchaId: string;
  captcha: string;
}

export type { LeaderboardRow, JudgeResultItem } from '../lib/leaderboard.ts';
