// Every route of the app (spec §2) and a URL builder for each one with parameters.
// Pure module: no React, so guards, tests and the route table all share it.

export const paths = {
  home: '/',
  login: '/login',
  adminLogin: '/admin_login',
  register: '/register',
  resetPassword: '/reset_password',
  adminResetPassword: '/adminResetPassword',
  success: '/success',
  failure: '/failure',
  contestList: '/contest_list',
  categorizedExercises: '/categorized_exercises',
  contestDetails: '/contest_details',
  history: '/history',
  submission: '/submission/:submissionId',
  personInfo: '/person_info',
  problemPage: '/problem_page',
  userBoard: '/user_board/:contestId',
  adminNav: '/admin_nav',
  userManagement: '/userManagement',
  problemManagement: '/problemManagement',
  contestManagement: '/contestManagement',
  templateManagement: '/templateManagement',
  submissionManagement: '/submissionManagement',
  clarificationManagement: '/clarificationManagement',
  balloons: '/balloons',
  similarity: '/similarity',
  adminPersonInfo: '/adminPersonInfo',
  adminContestDetail: '/contestDetail/:contestId',
} as const;

export type RouteName = keyof typeof paths;

export const urls = {
  /** The contest details page of one contest (the same in every tab, after a reload too). */
  contestDetails: (contestId: number | string) => `/contest_details?${new URLSearchParams({ contestId: String(contestId) })}`,
  /** The problem page of one problem (of one contest): what it shows never depends on other tabs. */
  problemPage: (problemId: number | string, contestId?: number | string | null) =>
    `/problem_page?${new URLSearchParams({ ...(contestId ? { contestId: String(contestId) } : {}), problemId: String(problemId) })}`,
  /** One of the contestant's own submissions: its source, compile message and tests. */
  submission: (submissionId: number | string) => `/submission/${encodeURIComponent(String(submissionId))}`,
  userBoard: (contestId: number | string) => `/user_board/${encodeURIComponent(String(contestId))}`,
  adminContestDetail: (contestId: number | string) =>
    `/contestDetail/${encodeURIComponent(String(contestId))}`,
};
