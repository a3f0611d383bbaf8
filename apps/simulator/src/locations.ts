import { createHash } from 'node:crypto';
import { AUTH_METHODS, type AuthMethod } from '@vaskedrift/shared';
import { SHAPE_DEFINITIONS, SHAPES, type Shape, type SuggestedAttribute } from './shapes';

/** The simulator speaks every auth method of the shared registry (`AUTH_METHOD_REGISTRY`). */
export const AUTH_KINDS = AUTH_METHODS;
type AuthKind = AuthMethod;
/**
 * The kinds facilities rotate through unless `authKinds` says otherwise. Fixed, so that a method added to
 * the registry moves no facility to another kind: tests, the demo and the benchmarks find them by position.
 */
const DEFAULT_AUTH_ROTATION: readonly AuthKind[] = ['none', 'apiKey', 'bearer', 'basic', 'oauth2'];

/** How to call a facility; the fields match an API connection's (`apiKey`, `clientId`, `tokenPath`…). */
interface LocationAuth {
  kind: AuthKind;
  /** apiKey: sent in the `x-api-key` header. */
  apiKey?: string;
  apiKeyHeader?: 'x-api-key';
  /** bearer: sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** basic, digest (username and password) and oauth2. */
  clientId?: string;
  clientSecret?: string;
  /** oauth2: where the token is in the token response, and the token endpoint's path. */
  tokenPath?: 'access_token';
  authEndpointPath?: '/oauth/token';
}

/** One simulated facility: everything a demo loader needs to create a matching API connection. */
export interface LocationInfo {
  id: string;
  name: string;
  shape: Shape;
  endpointPath: string;
  method: 'GET';
  auth: LocationAuth;
  /** The API's `details.recordsPath`, when records are not in the first array property. */
  recordsPath?: string;
  /** The API attribute's key identifier. */
  keyIdentifier: string;
  /** The API attribute's target keys: the paths of the suggested attributes. */
  targetKeys: string[];
  bays: { key: string; name: string }[];
  suggestedAttributes: SuggestedAttribute[];
  /** Its bays' wash counter, answered with `--scenario` or the `washCounter` option (not in `targetKeys`). */
  washCounter: SuggestedAttribute;
}

export interface LocationOptions {
  locationCount?: number;
  baysPerLocation?: number;
  seed?: number;
  /** Ids instead of `anlegg-001`…; their number sets the facility count. */
  locationIds?: string[];
  /** The auth kinds facilities rotate through (default none, apiKey, bearer, basic, oauth2). */
  authKinds?: readonly AuthKind[];
}

const DEFAULT_LOCATION_COUNT = 5;
const DEFAULT_BAYS_PER_LOCATION = 4;
const DEFAULT_SEED = 1;
const TOKEN_PATH = 'access_token';
export const TOKEN_ENDPOINT_PATH = '/oauth/token';

const TOWNS = [
  'Oslo',
  'Bergen',
  'Trondheim',
  'Stavanger',
  'Tromsø',
  'Drammen',
  'Fredrikstad',
  'Kristiansand',
  'Bodø',
  'Ålesund',
  'Sandnes',
  'Sarpsborg',
  'Skien',
  'Haugesund',
  'Tønsberg',
  'Moss',
  'Porsgrunn',
  'Arendal',
  'Hamar',
  'Larvik',
  'Halden',
  'Lillehammer',
  'Molde',
  'Harstad',
  'Gjøvik',
  'Kongsberg',
  'Narvik',
  'Alta',
];
const SUFFIXES = ['', 'Nord', 'Sør', 'Øst', 'Vest', 'Sentrum', 'Havn', 'Senter', 'Stasjon', 'Torg'];

/** `Oslo`, `Bergen`… then `Oslo Nord`, `Bergen Nord`…, then numbered; valid facility names, all distinct. */
export function locationName(index: number): string {
  const town = TOWNS[index % TOWNS.length];
  const round = Math.floor(index / TOWNS.length);
  const suffix = SUFFIXES[round % SUFFIXES.length];
  const lap = Math.floor(round / SUFFIXES.length);
  return [town, suffix, lap > 0 ? String(lap + 1) : ''].filter(Boolean).join(' ');
}

/** A credential fixed by seed, facility and purpose, so a restarted simulator accepts the same ones. */
function credential(seed: number, locationId: string, purpose: string, length = 32): string {
  return createHash('sha256')
    .update(`${seed}\0${locationId}\0${purpose}`)
    .digest('base64url')
    .slice(0, length);
}

function authFor(kind: AuthKind, seed: number, locationId: string): LocationAuth {
  switch (kind) {
    case 'none':
      return { kind };
    case 'apiKey':
      return { kind, apiKey: `sim_${credential(seed, locationId, 'apiKey')}`, apiKeyHeader: 'x-api-key' };
    case 'bearer':
      return { kind, token: `sim_${credential(seed, locationId, 'token')}` };
    case 'basic':
    case 'digest':
      return { kind, clientId: `${locationId}-client`, clientSecret: credential(seed, locationId, kind) };
    case 'oauth2':
      return {
        kind,
        clientId: `${locationId}-client`,
        clientSecret: credential(seed, locationId, 'oauth2'),
        tokenPath: TOKEN_PATH,
        authEndpointPath: TOKEN_ENDPOINT_PATH,
      };
  }
}

/** A facility with what the server needs to answer for it: its position feeds the readings. */
export interface SimulatedLocation extends LocationInfo {
  index: number;
  bayIndexByKey: Map<string, number>;
}

/**
 * The facilities of a simulator, pure and deterministic: shapes rotate A, B, C and auth kinds through
 * `authKinds` (by default none, apiKey, bearer, basic, oauth2: any 15 consecutive facilities cover every pair).
 */
export function defineLocations(options: LocationOptions = {}): SimulatedLocation[] {
  const seed = options.seed ?? DEFAULT_SEED;
  const bayCount = options.baysPerLocation ?? DEFAULT_BAYS_PER_LOCATION;
  const ids =
    options.locationIds ??
    Array.from(
      { length: options.locationCount ?? DEFAULT_LOCATION_COUNT },
      (_, i) => `anlegg-${String(i + 1).padStart(3, '0')}`,
    );
  if (new Set(ids).size !== ids.length) throw new Error('locationIds must be distinct');
  if (!Number.isInteger(bayCount) || bayCount < 1 || bayCount > 1000)
    throw new Error('baysPerLocation must be 1–1000');
  const kinds = options.authKinds ?? DEFAULT_AUTH_ROTATION;
  if (kinds.length === 0) throw new Error('authKinds must name at least one kind');
  return ids.map((id, index) => {
    const shape = SHAPES[index % SHAPES.length] as Shape;
    const kind = kinds[index % kinds.length] as AuthKind;
    const definition = SHAPE_DEFINITIONS[shape];
    const bays = Array.from({ length: bayCount }, (_, bay) => ({
      key: definition.bayKey(index + 1, bay + 1),
      name: `Vaskehall ${bay + 1}`,
    }));
    return {
      id,
      index,
      name: locationName(index),
      shape,
      endpointPath: definition.endpointPath(id),
      method: 'GET' as const,
      auth: authFor(kind, seed, id),
      ...(definition.recordsPath ? { recordsPath: definition.recordsPath } : {}),
      keyIdentifier: definition.keyIdentifier,
      targetKeys: definition.suggestedAttributes.map((attribute) => attribute.path),
      bays,
      suggestedAttributes: definition.suggestedAttributes,
      washCounter: definition.washCounter,
      bayIndexByKey: new Map(bays.map((bay, bayIndex) => [bay.key, bayIndex])),
    };
  });
}

/** A facility as published: a copy (changing it changes nothing served), without the lookup tables. */
export function locationInfo({
  index: _index,
  bayIndexByKey: _byKey,
  ...info
}: SimulatedLocation): LocationInfo {
  return structuredClone(info);
}
