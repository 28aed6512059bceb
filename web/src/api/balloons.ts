// Balloons (docs/api-decisions.md, Balloons): each member's first accepted problem, in the order
// accepted, with the problem's colour, and its delivery, shared by every judge (admins only).

import type { ApiData } from '@verdict/shared';
import { api } from './client.ts';

export type BalloonList = ApiData<'GET /api/balloon/list'>;
export type Balloon = BalloonList['items'][number];

export const balloonApi = {
  list: (contestId: number) => api.get('/api/balloon/list', { contestId }),

  deliver: (balloon: Pick<Balloon, 'contestId' | 'userId' | 'problemId'>, delivered: boolean) =>
    api.post('/api/balloon/deliver', { json: { contestId: balloon.contestId, userId: balloon.userId, problemId: balloon.problemId, delivered } }),
};
