import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginResultSchema,
  loginSchema,
  MSG,
  sessionProfileSchema,
  tokenSchema,
} from '@consorcio/domain';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/auth.ts';
import { changePassword, emailForToken, login, logout, requestPasswordReset, sessionProfile } from './auth.service.ts';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/loggingIn',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'Iniciar sesión',
        description:
          'Tras 10 fallos en 15 minutos, por e-mail o por dirección (detrás de un proxy, la que indica X-Forwarded-For según TRUST_PROXY): 429 con Retry-After.',
        body: loginSchema,
        response: { 200: loginResultSchema },
      },
    },
    async (request, reply) => {
      const result = await login(app.db, request.body, request.ip);
      setSessionCookie(reply, result.token, app.config.secureCookies);
      return result;
    },
  );

  app.post('/logout', { schema: { tags: ['Sesión'], summary: 'Cerrar sesión' } }, async (request, reply) => {
    await logout(app.db, request.sessionToken());
    clearSessionCookie(reply, app.config.secureCookies);
    return reply.status(204).send();
  });

  app.get(
    '/session',
    { schema: { tags: ['Sesión'], summary: 'Perfil de la sesión actual', response: { 200: sessionProfileSchema } } },
    // A first-login user may read their session (the web app then asks for a new password).
    async (request) => sessionProfile(app.db, await requireUser(request, { allowFirstLogin: true })),
  );

  app.post(
    '/sendEmail',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'Pedir un enlace para restablecer la contraseña',
        description:
          'Responde lo mismo exista o no la cuenta (sin enumeración de cuentas). El enlace, de un solo uso, vale 60 minutos: `PUBLIC_URL/logging/restaurarcontraseña?<token>`. Limitado por e-mail y por dirección (429).',
        body: forgotPasswordSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app.db, request.body, request.ip, app.config.publicUrl);
      return reply.status(202).send({ message: MSG.checkMail });
    },
  );

  app.post(
    '/tokenToEmail',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'El e-mail de un enlace de restablecimiento vigente',
        description: 'Cualquier token desconocido, usado, vencido o mal formado responde 404.',
        body: tokenSchema,
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => emailForToken(app.db, request.body.token),
  );

  app.put(
    '/changepassword',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'Elegir una nueva contraseña con el enlace',
        description: 'Consume el token (un solo uso), termina el primer ingreso y cierra las demás sesiones del usuario.',
        body: changePasswordSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => changePassword(app.db, request.body, await request.principal()),
  );
};

export default authRoutes;
