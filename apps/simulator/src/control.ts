import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { TokenStore } from './auth';
import { type FaultSpec, faultSchema } from './faults';
import { HttpError, readJson, sendJson } from './http';
import { type LocationInfo, locationInfo, type SimulatedLocation } from './locations';
import type { OverrideStore } from './overrides';

/*
 * The control API: what tests, the demo and the benchmark use to steer the simulator. The same operations
 * are offered in-process (`SimulatorControl`) and over HTTP under `/control` (no auth: the simulator is
 * meant to bind to 127.0.0.1).
 */

interface LocationStats {
  requests: number;
  lastRequestAt: string | null;
}

export interface SimulatorStats {
  startedAt: string;
  /** Data requests answered (any status), token requests, and the sockets open right now. */
  requests: number;
  tokenRequests: number;
  openConnections: number;
  locations: Record<string, LocationStats>;
}

export class StatsCounter {
  startedAt = new Date();
  requests = 0;
  tokenRequests = 0;
  openConnections = 0;
  private perLocation = new Map<string, { requests: number; lastRequestAt: number }>();

  count(locationId: string, now: number) {
    this.requests++;
    const entry = this.perLocation.get(locationId);
    if (entry === undefined) this.perLocation.set(locationId, { requests: 1, lastRequestAt: now });
    else {
      entry.requests++;
      entry.lastRequestAt = now;
    }
  }

  reset() {
    this.startedAt = new Date();
    this.requests = 0;
    this.tokenRequests = 0;
    this.perLocation.clear();
  }

  snapshot(locationIds: readonly string[]): SimulatorStats {
    const locations: Record<string, LocationStats> = {};
    for (const id of locationIds) {
      const entry = this.perLocation.get(id);
      locations[id] = {
        requests: entry?.requests ?? 0,
        lastRequestAt: entry ? new Date(entry.lastRequestAt).toISOString() : null,
      };
    }
    return {
      startedAt: this.startedAt.toISOString(),
      requests: this.requests,
      tokenRequests: this.tokenRequests,
      openConnections: this.openConnections,
      locations,
    };
  }
}

/** The simulator's state the control API changes. */
export interface ControlTarget {
  locations: readonly SimulatedLocation[];
  locationById: ReadonlyMap<string, SimulatedLocation>;
  overrides: OverrideStore;
  faults: Map<string, FaultSpec>;
  tokens: TokenStore;
  stats: StatsCounter;
  url(): string;
}

interface LocationState extends LocationInfo {
  endpointUrl: string;
  fault: FaultSpec;
  overrides: Record<string, Record<string, unknown>>;
}

export interface SimulatorControl {
  /** Every facility with its endpoint URL, credentials, current fault and overrides. */
  locations(): LocationState[];
  /** Sets values of one bay's record (shape-specific paths, nested objects or dot paths); they stick. */
  setValues(locationId: string, bayKey: string, patch: Record<string, unknown>): void;
  /** Clears the given paths of one bay, or all its overrides when none are given. */
  clearValues(locationId: string, bayKey: string, paths?: string[]): void;
  setFault(locationId: string, fault: FaultSpec): void;
  /** Clears every override and fault and the stats; issued tokens stay valid. */
  reset(): void;
  stats(): SimulatorStats;
  /** The `expires_in` of tokens issued from now on. */
  setTokenTtl(seconds: number): void;
  /** Invalidates every issued token: the next data request with one answers 401. */
  revokeTokens(): void;
}

const NO_FAULT: FaultSpec = { mode: 'none' };

export function createControl(target: ControlTarget): SimulatorControl {
  const location = (id: string) => {
    const found = target.locationById.get(id);
    if (found === undefined) throw new HttpError(404, 'not_found', `No location "${id}"`);
    return found;
  };
  const bay = (locationId: string, bayKey: string) => {
    const found = location(locationId);
    if (!found.bayIndexByKey.has(bayKey))
      throw new HttpError(404, 'not_found', `No bay "${bayKey}" in "${locationId}"`);
    return found;
  };
  return {
    locations: () =>
      target.locations.map((f) => ({
        ...locationInfo(f),
        endpointUrl: `${target.url()}${f.endpointPath}`,
        fault: target.faults.get(f.id) ?? NO_FAULT,
        overrides: target.overrides.list(f.id),
      })),
    setValues(locationId, bayKey, patch) {
      bay(locationId, bayKey);
      target.overrides.set(locationId, bayKey, patch);
    },
    clearValues(locationId, bayKey, paths) {
      bay(locationId, bayKey);
      target.overrides.clear(locationId, bayKey, paths);
    },
    setFault(locationId, fault) {
      location(locationId);
      const parsed = faultSchema.safeParse(fault);
      if (!parsed.success) throw new HttpError(400, 'invalid_fault', z.prettifyError(parsed.error));
      if (parsed.data.mode === 'none') target.faults.delete(locationId);
      else target.faults.set(locationId, parsed.data);
    },
    reset() {
      target.overrides.clearAll();
      target.faults.clear();
      target.stats.reset();
    },
    stats: () => target.stats.snapshot(target.locations.map((f) => f.id)),
    setTokenTtl(seconds) {
      if (!Number.isInteger(seconds) || seconds < 1)
        throw new HttpError(400, 'invalid_ttl', 'tokenTtlSeconds must be ≥ 1');
      target.tokens.ttlSeconds = seconds;
    },
    revokeTokens: () => target.tokens.revokeAll(),
  };
}

const clearSchema = z.object({ paths: z.array(z.string()).optional() }).optional();
const oauthSchema = z.strictObject({
  tokenTtlSeconds: z.number().int().min(1).optional(),
  revokeTokens: z.boolean().optional(),
});

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, 'invalid_request', z.prettifyError(result.error));
  return result.data;
}

/**
 * `/control/...` over HTTP. `segments` are the decoded path segments after `control`.
 * Throws HttpError for the server to answer.
 */
export async function handleControlRequest(
  req: IncomingMessage,
  res: ServerResponse,
  segments: string[],
  query: URLSearchParams,
  control: SimulatorControl,
): Promise<void> {
  const method = req.method ?? 'GET';
  const [first, id, sub, bayKey] = segments;
  const route = `${method} ${segments.length}:${first ?? ''}/${sub ?? ''}`;
  switch (route) {
    case 'GET 1:locations/':
      return sendJson(res, 200, { locations: control.locations() });
    case 'GET 1:stats/':
      return sendJson(res, 200, control.stats());
    case 'POST 1:reset/':
      control.reset();
      return sendJson(res, 200, { ok: true });
    case 'POST 1:oauth/': {
      const body = parse(oauthSchema, (await readJson(req)) ?? {});
      if (body.tokenTtlSeconds !== undefined) control.setTokenTtl(body.tokenTtlSeconds);
      if (body.revokeTokens) control.revokeTokens();
      return sendJson(res, 200, { ok: true });
    }
    case 'POST 3:locations/fault': {
      control.setFault(id as string, (await readJson(req)) as FaultSpec);
      return sendJson(res, 200, { fault: control.locations().find((f) => f.id === id)?.fault });
    }
    case 'POST 4:locations/bays': {
      const patch = await readJson(req);
      control.setValues(id as string, bayKey as string, patch as Record<string, unknown>);
      return sendJson(res, 200, { overrides: overridesOf(control, id as string, bayKey as string) });
    }
    case 'DELETE 4:locations/bays': {
      const body = parse(clearSchema, await readJson(req));
      const paths = [...query.getAll('path'), ...(body?.paths ?? [])];
      control.clearValues(id as string, bayKey as string, paths);
      return sendJson(res, 200, { overrides: overridesOf(control, id as string, bayKey as string) });
    }
    default:
      throw new HttpError(404, 'not_found', `No control endpoint ${method} /control/${segments.join('/')}`);
  }
}

function overridesOf(control: SimulatorControl, locationId: string, bayKey: string) {
  return control.locations().find((f) => f.id === locationId)?.overrides[bayKey] ?? {};
}
