import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';
import { MercadoPagoProvider } from './mercadopago.ts';

const providers = new WeakMap<FastifyInstance, PaymentProvider>();

/** MercadoPago Checkout Pro when MP_ACCESS_TOKEN is set, otherwise the built-in sandbox; one per app. */
export function paymentProvider(app: FastifyInstance): PaymentProvider {
  let provider = providers.get(app);
  if (!provider) {
    const { mpAccessToken } = app.config;
    provider = mpAccessToken ? new MercadoPagoProvider({ accessToken: mpAccessToken }) : new SandboxProvider(app.db);
    providers.set(app, provider);
  }
  return provider;
}
