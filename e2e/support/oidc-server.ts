// An OpenID Connect provider standing in for Google in the journeys (this machine cannot reach the
// real one): the real oidc-provider 9, through the same stand-in the API tests use. Its login form
// accepts any password; the login picks the person (see support/oidc.ts).
import { startOidcStandIn, type StandInAccount } from '../../apps/api/src/test/oidc-standin.ts';
import { NEW_GOOGLE_NAME, OIDC_CLIENT } from './oidc.ts';

const [portArg, appPortArg] = process.argv.slice(2);
const app = `http://127.0.0.1:${Number(appPortArg)}`;

const known: Record<string, StandInAccount> = {
  'sin-verificar': { email: 'sin.verificar@example.com', email_verified: false, name: 'Sin Verificar' },
};
// Every journey signs up a person of its own: any `nueva-…` login is a new, verified one.
const fresh = (login: string | symbol): StandInAccount | undefined =>
  typeof login === 'string' && /^nueva-[a-z0-9]+$/.test(login)
    ? { email: `${login}@example.com`, email_verified: true, name: NEW_GOOGLE_NAME }
    : undefined;
const accounts = new Proxy(known, {
  get: (target, login) => fresh(login) ?? Reflect.get(target, login),
  getOwnPropertyDescriptor: (target, login) => {
    const account = fresh(login);
    return account
      ? { value: account, writable: true, enumerable: true, configurable: true }
      : Reflect.getOwnPropertyDescriptor(target, login);
  },
});

const standIn = await startOidcStandIn({
  port: Number(portArg),
  clients: [
    {
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirect_uris: [`${app}/api/admin/oidc/callback`, `${app}/api/loggings/oidc/callback`],
    },
  ],
  accounts,
});
console.log(`OIDC stand-in at ${standIn.issuer}`);
