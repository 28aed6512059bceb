import { z } from 'zod';
import { fail } from '../../common/errors.ts';
import { route } from '../../http/route.ts';
import { captchaAnswer, issueCaptcha } from './captcha.ts';
import { issuedCaptcha } from './wire.ts';

export const captchaRoutes = [
  route({
    method: 'get',
    path: '/api/captcha',
    role: 'open',
    tag: 'session',
    summary:
      'A new proof-of-work captcha (ALTCHA): {captchaId, image (a fixed SVG badge), challenge}; the answer is the counter that solves the challenge, valid 5 minutes, once; 300 per client address per 15 minutes',
    reply: issuedCaptcha,
    handler: async ({ ip }, { db }) => issueCaptcha(db, ip),
  }),
];

/** Registered only when NODE_ENV=test (see server.ts): lets tests read the answer. */
export const captchaTestRoutes = [
  route({
    method: 'get',
    path: '/api/test/captcha/:captchaId',
    role: 'open',
    tag: 'test',
    summary: 'Test only (NODE_ENV=test): the answer (the solving counter) of a captcha',
    reply: z.object({ answer: z.string() }),
    handler: async ({ params }, { db }) => {
      const answer = await captchaAnswer(db, params.captchaId ?? '');
      if (answer === null) throw fail('NOT_FOUND', 'No such captcha');
      return { answer };
    },
  }),
];
