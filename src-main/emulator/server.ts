import type Database from 'better-sqlite3';
import type { Clock } from './clock';
import { createDnsRoutes } from './dns-routes';
import { createDnsTransferRoutes } from './dns-transfer-routes';
import type { Route } from './routing';
import { createWafRoutes, migrateWafSchema, seedWaf } from './waf';
import { seedZonesAndRecords } from './seed';
import { createZoneRoutes, getZone, listZones } from './zones';

/** Creates the WAF tables next to the core ones and seeds everything once (first start only). */
export function prepareState(db: Database.Database, clock: Clock, seed: boolean): void {
  migrateWafSchema(db);
  if (seed && listZones(db).length === 0) {
    const zones = seedZonesAndRecords(db, clock);
    seedWaf(db, zones);
  }
}

/** Every route of the emulator: zones, DNS records (incl. import/export), and WAF migration. */
export function composeRoutes(db: Database.Database, clock: Clock): Route[] {
  return [
    ...createZoneRoutes(db),
    ...createDnsTransferRoutes(db, clock),
    ...createDnsRoutes(db, clock),
    ...createWafRoutes({ db, getZone: (id) => getZone(db, id), clock }),
  ];
}
