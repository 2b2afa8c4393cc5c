import path from 'node:path';
import type { Config } from './config.ts';
import { DisabledGeocoder, NominatimGeocoder, type Geocoder } from './lib/geocoder.ts';
import { argon2Hasher, type PasswordHasher } from './lib/password.ts';
import { LocalFileStorage, type FileStorage } from './lib/storage.ts';
import { createMailTransport, type MailTransport } from './modules/mail/mail.transport.ts';

/**
 * External integrations behind small interfaces (mail, payments, geocoding, storage),
 * chosen from configuration, plus the clock and the password hasher. Tests point them at
 * local stand-ins, or wrap them to observe them.
 */
export interface Services {
  clock: () => Date;
  passwords: PasswordHasher;
  storage: FileStorage;
  geocoder: Geocoder;
  mail: MailTransport;
}

export function createServices(config: Config): Services {
  return {
    clock: () => new Date(),
    passwords: argon2Hasher,
    storage: new LocalFileStorage(path.join(config.dataDir, 'uploads')),
    geocoder: config.geocoderUrl ? new NominatimGeocoder(config.geocoderUrl) : new DisabledGeocoder(),
    mail: createMailTransport(config.smtpUrl),
  };
}
