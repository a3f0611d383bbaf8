import { CAMERA_MESSAGES, type ImageContentType } from '@vaskedrift/shared';
import type { Db } from '../../db/client';
import { AppError, NotFoundError } from '../../lib/errors';
import { sniffImage } from '../../lib/image-format';
import { type OutboundClient, OutboundError } from '../../lib/outbound';
import { findCamera, findEnabledViewer } from './cameras.repository';
import type { SnapshotSigner } from './snapshot-token';

export type Snapshot = { contentType: ImageContentType; body: Buffer };

/** The page reloads every 10 s: a snapshot that takes longer than 8 s is already stale. */
const SNAPSHOT_TIMEOUT_MS = 8_000;
const SNAPSHOT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The camera snapshot proxy: the browser never talks to the camera (it sits on a facility LAN, and its
 * URL may hold a password); the server fetches the still image through the outbound guard.
 */
export function createSnapshotProxy({
  db,
  signer,
  outbound,
}: {
  db: Db;
  signer: SnapshotSigner;
  outbound: OutboundClient;
}) {
  // Several people watching one camera share one fetch instead of each hitting the camera.
  const inFlight = new Map<string, Promise<Snapshot>>();

  async function fetchSnapshot(url: string): Promise<Snapshot> {
    let response: Awaited<ReturnType<OutboundClient['safeFetch']>>;
    try {
      response = await outbound.safeFetch(url, {
        timeoutMs: SNAPSHOT_TIMEOUT_MS,
        maxBytes: SNAPSHOT_MAX_BYTES,
      });
    } catch (err) {
      if (err instanceof OutboundError) throw new AppError(502, err.code, err.message);
      throw err;
    }
    if (response.status < 200 || response.status > 299) {
      throw new AppError(
        502,
        'cameras/upstream-status',
        `${CAMERA_MESSAGES.upstreamStatus} ${response.status}`,
      );
    }
    const format = sniffImage(response.body);
    if (!format) throw new AppError(502, 'cameras/not-an-image', CAMERA_MESSAGES.notAnImage);
    return { contentType: format.contentType, body: response.body };
  }

  /** Checks the signed token and the holder's access now, then fetches (or joins a running fetch). */
  async function snapshot(cameraId: string, token: string): Promise<Snapshot> {
    const userId = signer.verify(cameraId, token);
    const viewer = userId ? await findEnabledViewer(db, userId) : undefined;
    if (!viewer)
      throw new AppError(403, 'cameras/snapshot-link-invalid', CAMERA_MESSAGES.snapshotLinkInvalid);
    const camera = await findCamera(db, viewer, cameraId);
    if (!camera) throw new NotFoundError(CAMERA_MESSAGES.notFound);

    const key = `${cameraId} ${camera.snapshotUrl}`;
    const running = inFlight.get(key);
    if (running) return running;
    const started = fetchSnapshot(camera.snapshotUrl).finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  }

  return { snapshot };
}

export type SnapshotProxy = ReturnType<typeof createSnapshotProxy>;
