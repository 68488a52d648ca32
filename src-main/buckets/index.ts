/** Wires the bucket catalog and the transfer queue into the app (handlers, bridge routes, disposal). */
import { join } from 'node:path';
import type { BridgeRoute } from '../bridge/http-bridge';
import type { EventHub } from '../ipc/event-hub';
import type { DomainHandlers } from '../ipc/router';
import { createBucketCatalog } from '../store';
import { createTransferQueue, createTransferRoutes, type TransferLimits } from '../transfers';
import { createBucketsHandlers, createTransfersHandlers } from './handlers';

export { createBucketsHandlers, createTransfersHandlers } from './handlers';

export interface BucketsDomain {
  handlers: DomainHandlers<'buckets'> & DomainHandlers<'transfers'>;
  bridgeRoutes: BridgeRoute[];
  dispose(): Promise<void>;
}

/** The buckets domain over `<dataDir>/buckets`; transfers report on `transfers.progress`. */
export function createBucketsDomain(deps: {
  dataDir: string;
  events: EventHub;
  limits?: Partial<TransferLimits>;
  /** Says whether a download may write this path (the shell grants paths from its save dialog). */
  authorizeDestination?: (path: string) => boolean;
}): BucketsDomain {
  const catalog = createBucketCatalog({ dir: join(deps.dataDir, 'buckets') });
  const queue = createTransferQueue({
    buckets: catalog,
    emit: (payload) => deps.events.emit('transfers.progress', payload),
    limits: deps.limits,
  });
  return {
    handlers: { ...createBucketsHandlers({ catalog, queue }), ...createTransfersHandlers(queue, deps.authorizeDestination) },
    bridgeRoutes: createTransferRoutes({ queue, openBucket: (name) => catalog.open(name) }),
    async dispose() {
      await queue.dispose();
      await catalog.close();
    },
  };
}
