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
          'Fallos limitados sin que un extraño pueda bloquear al dueño de la cuenta (429 con Retry-After): 10 en 15 minutos para un e-mail desde una dirección; 50 en 15 minutos desde una dirección (cualquier e-mail); 100 en una hora para un e-mail (cualquier dirección), que solo rechaza a las direcciones desde las que nunca se ingresó a esa cuenta. La dirección es la del cliente (detrás de un proxy, la que indica X-Forwarded-For según TRUST_PROXY).',
        body: loginSchema,
        response: { 200: loginResultSchema },
      },
    },
    async (request, reply) => {
      const result = await login(app.db, app.services, request.body, request.ip);
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
      await requestPasswordReset(app.db, app.services, request.body, request.ip, app.config.publicUrl);
      return reply.status(202).send({ message: MSG.checkMail });
    },
  );

  app.post(
    '/tokenToEmail',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'El e-mail de un enlace de restablecimiento vigente',
        description:
          'Cualquier token desconocido, usado, vencido o mal formado responde 404. Tras 20 tokens inválidos en 15 minutos desde una dirección (aquí o en changepassword): 429 con Retry-After.',
        body: tokenSchema,
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    async (request) => emailForToken(app.db, app.services, request.body.token, request.ip),
  );

  app.put(
    '/changepassword',
    {
      schema: {
        tags: ['Sesión'],
        summary: 'Elegir una nueva contraseña con el enlace',
        description:
          'Consume el token (un solo uso), termina el primer ingreso y cierra las demás sesiones del usuario. El token se verifica antes de calcular el hash de la nueva contraseña. Tras 20 tokens inválidos en 15 minutos desde una dirección (aquí o en tokenToEmail): 429 con Retry-After.',
        body: changePasswordSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => changePassword(app.db, app.services, request.body, await request.principal(), request.ip),
  );
};

export default authRoutes;
