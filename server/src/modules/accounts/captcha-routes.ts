import { z } from 'zod';
import { fail } from '../../common/errors.ts';
import { route } from '../../http/route.ts';
import { captchaAnswer, issueCaptcha } from './captcha.ts';

export const captchaRoutes = [
  route({
    method: 'get',
    path: '/api/captcha',
    role: 'open',
    tag: 'session',
    summary: 'A new captcha picture: {captchaId, image (SVG data URL)}; the answer is valid 5 minutes, once',
    reply: z.object({ captchaId: z.string(), image: z.string() }),
    handler: async (_input, { db }) => issueCaptcha(db),
  }),
];

/** Registered only when NODE_ENV=test (see server.ts): lets tests read the answer. */
export const captchaTestRoutes = [
  route({
    method: 'get',
    path: '/api/test/captcha/:captchaId',
    role: 'open',
    tag: 'test',
    summary: 'Test only (NODE_ENV=test): the answer of a captcha',
    reply: z.object({ answer: z.string() }),
    handler: async ({ params }, { db }) => {
      const answer = await captchaAnswer(db, params.captchaId ?? '');
      if (answer === null) throw fail('NOT_FOUND', 'No such captcha');
      return { answer };
    },
  }),
];
