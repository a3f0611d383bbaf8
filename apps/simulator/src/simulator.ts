import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  authenticate,
  challenge,
  createAuthState,
  DEFAULT_TOKEN_TTL_SECONDS,
  handleTokenRequest,
} from './auth';
import { createControl, handleControlRequest, type SimulatorControl, StatsCounter } from './control';
import {
  afterDelay,
  DEFAULT_HUGE_BYTES,
  DEFAULT_SLOW_BODY_MS,
  DEFAULT_SLOW_MS,
  type FaultSpec,
  METADATA_URL,
  sendGzipBomb,
  sendInvalidJson,
  sendRedirect,
  sendServerError,
  streamHuge,
  trickle,
} from './faults';
import { HttpError, sendError, sendJson } from './http';
import {
  defineLocations,
  type LocationInfo,
  type LocationOptions,
  locationInfo,
  type SimulatedLocation,
  TOKEN_ENDPOINT_PATH,
} from './locations';
import { OverrideStore } from './overrides';
import { type ReadingContext, readBay } from './readings';
import { scenarioReader } from './scenario/controller-reading';
import { SHAPE_DEFINITIONS } from './shapes';
import { washCountAt } from './wash-counter';

export type { FaultSpec } from './faults';
export type { LocationInfo, LocationOptions } from './locations';
export { AUTH_KINDS, defineLocations } from './locations';
export { type BayReading, readBay } from './readings';
export {
  type Anomaly,
  BayScenario,
  type Fault,
  hourOfWeek,
  NUMERIC_ATTRIBUTES,
  type NumericAttribute,
  SCENARIO_THRESHOLDS,
} from './scenario';
export { SHAPE_DEFINITIONS } from './shapes';
export { washCountAt } from './wash-counter';

export interface SimulatorOptions extends LocationOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1: the control API has no auth. */
  host?: string;
  /** Values move slowly and bays now and then fault (default true); false → steady values. */
  drift?: boolean;
  /**
   * Bays follow the scenario with a truth (`src/scenario/`: a week's rhythm, faults, anomalies) instead;
   * every shape then also answers the bay's wash counter (`FacilityInfo.washCounter`).
   */
  scenario?: boolean;
  /**
   * Drifting bays also answer a wash counter (`wash-counter.ts`: the week's rhythm, none in a fault, 0 again
   * at midnight UTC); the demo's bays count washes so. The scenario has its own counter.
   */
  washCounter?: boolean;
  /** `expires_in` of issued OAuth2 tokens (default 300 s). */
  tokenTtlSeconds?: number;
  /** The clock (ms since the epoch) readings and token expiry follow; for tests. */
  now?: () => number;
}

export interface Simulator {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  port: number;
  locations: LocationInfo[];
  control: SimulatorControl;
  close(): Promise<void>;
}

/** The facility definitions a simulator started with these options serves, without starting one. */
export function listLocations(options: LocationOptions = {}): LocationInfo[] {
  return defineLocations(options).map(locationInfo);
}

const NO_FAULT: FaultSpec = { mode: 'none' };

/** A facility's answer as the fault set for it shapes it; the redirect fault sends the client to `redirectUrl`. */
function sendAnswer(res: ServerResponse, fault: FaultSpec, data: () => unknown, redirectUrl: string) {
  switch (fault.mode) {
    case 'none':
      return sendJson(res, 200, data());
    case 'slow':
      return afterDelay(res, fault.delayMs ?? DEFAULT_SLOW_MS, () => sendJson(res, 200, data()));
    case 'timeout':
      // Never answered; the socket closes when the client gives up or the simulator closes.
      return;
    case 'http500':
      return sendServerError(res);
    case 'invalidJson':
      return sendInvalidJson(res, JSON.stringify(data()));
    case 'huge':
      return streamHuge(res, JSON.stringify(data()), fault.sizeBytes ?? DEFAULT_HUGE_BYTES);
    case 'gzipBomb':
      return sendGzipBomb(res);
    case 'redirect':
      return sendRedirect(res, redirectUrl);
    case 'redirectMetadata':
      return sendRedirect(res, METADATA_URL);
    case 'slowBody':
      return trickle(res, JSON.stringify(data()), fault.delayMs ?? DEFAULT_SLOW_BODY_MS);
  }
}

export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const now = options.now ?? Date.now;
  const locations = defineLocations(options);
  const locationById = new Map(locations.map((f) => [f.id, f]));
  const locationByClientId = new Map(
    locations.flatMap((f) =>
      f.auth.kind === 'oauth2' && f.auth.clientId ? [[f.auth.clientId, f] as const] : [],
    ),
  );
  const readings: ReadingContext = { seed: options.seed ?? 1, drift: options.drift ?? true };
  const read = options.scenario
    ? scenarioReader(readings.seed)
    : options.washCounter
      ? (location: number, bay: number, at: number) => ({
          ...readBay(readings, location, bay, at),
          washCount: washCountAt(readings.seed, location, bay, at),
        })
      : (location: number, bay: number, at: number) => readBay(readings, location, bay, at);
  const overrides = new OverrideStore();
  const faults = new Map<string, FaultSpec>();
  const auth = createAuthState(now, options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS);
  const { tokens } = auth;
  const stats = new StatsCounter();
  let baseUrl = '';
  const control = createControl({
    locations,
    locationById,
    overrides,
    faults,
    tokens,
    stats,
    url: () => baseUrl,
  });

  function body(location: SimulatedLocation): unknown {
    const at = now();
    const shape = SHAPE_DEFINITIONS[location.shape];
    const records = location.bays.map((bay, index) =>
      overrides.apply(location.id, bay.key, shape.record({ ...bay, index }, read(location.index, index, at))),
    );
    return shape.body({ locationName: location.name, now: new Date(at) }, records);
  }

  async function serveData(
    req: IncomingMessage,
    res: ServerResponse,
    location: SimulatedLocation,
    redirected: boolean,
  ) {
    stats.count(location.id, now());
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendError(res, new HttpError(405, 'method_not_allowed', 'Use GET'), { allow: 'GET' });
    }
    // The redirect target answers without auth: it tests whether a client follows, not how it signs in.
    if (!redirected) {
      const denied = authenticate(location, req, auth);
      if (denied) return sendError(res, denied, denied.status === 401 ? challenge(location, req, auth) : {});
    }
    const fault = redirected ? NO_FAULT : (faults.get(location.id) ?? NO_FAULT);
    return sendAnswer(
      res,
      fault,
      () => body(location),
      `${baseUrl}/redirected/${encodeURIComponent(location.id)}`,
    );
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://simulator');
    let segments: string[];
    try {
      segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new HttpError(400, 'invalid_path', 'Malformed path');
    }
    if (segments[0] === 'control') {
      return handleControlRequest(req, res, segments.slice(1), url.searchParams, control);
    }
    if (url.pathname === TOKEN_ENDPOINT_PATH) {
      if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST');
      stats.tokenRequests++;
      return handleTokenRequest(req, res, locationByClientId, tokens);
    }
    const location = segments[1] === undefined ? undefined : locationById.get(segments[1]);
    if (location && segments.length === 2 && segments[0] === 'redirected') {
      return serveData(req, res, location, true);
    }
    if (location && url.pathname === location.endpointPath) return serveData(req, res, location, false);
    if (url.pathname === '/') {
      return sendJson(res, 200, {
        name: 'Vaskedrift controller simulator',
        locations: locations.length,
        control: '/control/locations',
      });
    }
    throw new HttpError(404, 'not_found', `Nothing at ${url.pathname}`);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const httpError =
        error instanceof HttpError
          ? error
          : new HttpError(500, 'internal_error', 'Simulator error (not simulated)');
      if (!(error instanceof HttpError)) console.error('simulator:', error);
      if (res.headersSent) res.destroy();
      else sendError(res, httpError);
    });
  });
  server.on('connection', (socket) => {
    stats.openConnections++;
    socket.once('close', () => stats.openConnections--);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  return {
    url: baseUrl,
    port: address.port,
    locations: locations.map(locationInfo),
    control,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Held (timeout fault), trickling and keep-alive sockets would otherwise keep close() waiting.
        server.closeAllConnections();
      }),
  };
}
