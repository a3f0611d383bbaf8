import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { TokenStore } from './auth';
import { type Facility, type FacilityInfo, facilityInfo } from './facilities';
import { type FaultSpec, faultSchema } from './faults';
import { HttpError, readJson, sendJson } from './http';
import type { OverrideStore } from './overrides';

/*
 * The control API: what tests, the demo and the benchmark use to steer the simulator. The same operations
 * are offered in-process (`SimulatorControl`) and over HTTP under `/control` (no auth: the simulator is
 * meant to bind to 127.0.0.1).
 */

interface FacilityStats {
  requests: number;
  lastRequestAt: string | null;
}

export interface SimulatorStats {
  startedAt: string;
  /** Data requests answered (any status), token requests, and the sockets open right now. */
  requests: number;
  tokenRequests: number;
  openConnections: number;
  facilities: Record<string, FacilityStats>;
}

export class StatsCounter {
  startedAt = new Date();
  requests = 0;
  tokenRequests = 0;
  openConnections = 0;
  private perFacility = new Map<string, { requests: number; lastRequestAt: number }>();

  count(facilityId: string, now: number) {
    this.requests++;
    const entry = this.perFacility.get(facilityId);
    if (entry === undefined) this.perFacility.set(facilityId, { requests: 1, lastRequestAt: now });
    else {
      entry.requests++;
      entry.lastRequestAt = now;
    }
  }

  reset() {
    this.startedAt = new Date();
    this.requests = 0;
    this.tokenRequests = 0;
    this.perFacility.clear();
  }

  snapshot(facilityIds: readonly string[]): SimulatorStats {
    const facilities: Record<string, FacilityStats> = {};
    for (const id of facilityIds) {
      const entry = this.perFacility.get(id);
      facilities[id] = {
        requests: entry?.requests ?? 0,
        lastRequestAt: entry ? new Date(entry.lastRequestAt).toISOString() : null,
      };
    }
    return {
      startedAt: this.startedAt.toISOString(),
      requests: this.requests,
      tokenRequests: this.tokenRequests,
      openConnections: this.openConnections,
      facilities,
    };
  }
}

/** The simulator's state the control API changes. */
export interface ControlTarget {
  facilities: readonly Facility[];
  facilityById: ReadonlyMap<string, Facility>;
  overrides: OverrideStore;
  faults: Map<string, FaultSpec>;
  tokens: TokenStore;
  stats: StatsCounter;
  url(): string;
}

interface FacilityState extends FacilityInfo {
  endpointUrl: string;
  fault: FaultSpec;
  overrides: Record<string, Record<string, unknown>>;
}

export interface SimulatorControl {
  /** Every facility with its endpoint URL, credentials, current fault and overrides. */
  facilities(): FacilityState[];
  /** Sets values of one bay's record (shape-specific paths, nested objects or dot paths); they stick. */
  setValues(facilityId: string, bayKey: string, patch: Record<string, unknown>): void;
  /** Clears the given paths of one bay, or all its overrides when none are given. */
  clearValues(facilityId: string, bayKey: string, paths?: string[]): void;
  setFault(facilityId: string, fault: FaultSpec): void;
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
  const facility = (id: string) => {
    const found = target.facilityById.get(id);
    if (found === undefined) throw new HttpError(404, 'not_found', `No facility "${id}"`);
    return found;
  };
  const bay = (facilityId: string, bayKey: string) => {
    const found = facility(facilityId);
    if (!found.bayIndexByKey.has(bayKey))
      throw new HttpError(404, 'not_found', `No bay "${bayKey}" in "${facilityId}"`);
    return found;
  };
  return {
    facilities: () =>
      target.facilities.map((f) => ({
        ...facilityInfo(f),
        endpointUrl: `${target.url()}${f.endpointPath}`,
        fault: target.faults.get(f.id) ?? NO_FAULT,
        overrides: target.overrides.list(f.id),
      })),
    setValues(facilityId, bayKey, patch) {
      bay(facilityId, bayKey);
      target.overrides.set(facilityId, bayKey, patch);
    },
    clearValues(facilityId, bayKey, paths) {
      bay(facilityId, bayKey);
      target.overrides.clear(facilityId, bayKey, paths);
    },
    setFault(facilityId, fault) {
      facility(facilityId);
      const parsed = faultSchema.safeParse(fault);
      if (!parsed.success) throw new HttpError(400, 'invalid_fault', z.prettifyError(parsed.error));
      if (parsed.data.mode === 'none') target.faults.delete(facilityId);
      else target.faults.set(facilityId, parsed.data);
    },
    reset() {
      target.overrides.clearAll();
      target.faults.clear();
      target.stats.reset();
    },
    stats: () => target.stats.snapshot(target.facilities.map((f) => f.id)),
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
    case 'GET 1:facilities/':
      return sendJson(res, 200, { facilities: control.facilities() });
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
    case 'POST 3:facilities/fault': {
      control.setFault(id as string, (await readJson(req)) as FaultSpec);
      return sendJson(res, 200, { fault: control.facilities().find((f) => f.id === id)?.fault });
    }
    case 'POST 4:facilities/bays': {
      const patch = await readJson(req);
      control.setValues(id as string, bayKey as string, patch as Record<string, unknown>);
      return sendJson(res, 200, { overrides: overridesOf(control, id as string, bayKey as string) });
    }
    case 'DELETE 4:facilities/bays': {
      const body = parse(clearSchema, await readJson(req));
      const paths = [...query.getAll('path'), ...(body?.paths ?? [])];
      control.clearValues(id as string, bayKey as string, paths);
      return sendJson(res, 200, { overrides: overridesOf(control, id as string, bayKey as string) });
    }
    default:
      throw new HttpError(404, 'not_found', `No control endpoint ${method} /control/${segments.join('/')}`);
  }
}

function overridesOf(control: SimulatorControl, facilityId: string, bayKey: string) {
  return control.facilities().find((f) => f.id === facilityId)?.overrides[bayKey] ?? {};
}
