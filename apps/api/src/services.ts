import path from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { DisabledGeocoder, NominatimGeocoder, type Geocoder } from './lib/geocoder.ts';
import { LocalFileStorage, type FileStorage } from './lib/storage.ts';
import { createMailTransport, type MailTransport } from './modules/mail/mail.transport.ts';

/**
 * External integrations behind small interfaces (mail, payments, geocoding, storage),
 * chosen from configuration. Tests point them at local stand-ins.
 */
export interface Services {
  clock: () => Date;
  storage: FileStorage;
  geocoder: Geocoder;
  mail: MailTransport;
}

export function createServices(config: Config, _database: Database): Services {
  return {
    clock: () => new Date(),
    storage: new LocalFileStorage(path.join(config.dataDir, 'uploads')),
    geocoder: config.geocoderUrl ? new NominatimGeocoder(config.geocoderUrl) : new DisabledGeocoder(),
    mail: createMailTransport(config.smtpUrl),
  };
}
