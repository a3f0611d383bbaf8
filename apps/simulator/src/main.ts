import { parseArgs } from 'node:util';
import { createSimulator, type LocationInfo } from './simulator';

const USAGE = `Usage: node --import tsx apps/simulator/src/main.ts [options]
  --port <n>        port to listen on (default 4010; 0 = any free port)
  --host <address>  address to bind (default 127.0.0.1; the control API has no auth)
  --locations <n>   number of locations (default 5)
  --bays <n>        bays per location (default 4)
  --seed <n>        seed of values and credentials (default 1)
  --token-ttl <s>   expires_in of OAuth2 tokens (default 300)
  --no-drift        steady values, no random faults
  --scenario        bays follow the scenario with a truth (rhythm, wash counter, faults; docs in README)
  --quiet           print only the URL, not every location`;

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) {
    console.error(`--${name} must be a whole number ≥ 0\n\n${USAGE}`);
    process.exit(2);
  }
  return number;
}

function credentials(location: LocationInfo): string {
  const { auth } = location;
  switch (auth.kind) {
    case 'none':
      return 'no auth';
    case 'apiKey':
      return `x-api-key: ${auth.apiKey}`;
    case 'bearer':
      return `Authorization: Bearer ${auth.token}`;
    case 'basic':
    case 'digest':
      return `${auth.kind} ${auth.clientId}:${auth.clientSecret}`;
    case 'oauth2':
      return `oauth2 POST ${auth.authEndpointPath} client ${auth.clientId}:${auth.clientSecret}`;
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      locations: { type: 'string' },
      bays: { type: 'string' },
      seed: { type: 'string' },
      'token-ttl': { type: 'string' },
      'no-drift': { type: 'boolean' },
      scenario: { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const simulator = await createSimulator({
    port: integer('port', values.port, 4010),
    host: values.host ?? '127.0.0.1',
    locationCount: integer('locations', values.locations, 5),
    baysPerLocation: integer('bays', values.bays, 4),
    seed: integer('seed', values.seed, 1),
    tokenTtlSeconds: integer('token-ttl', values['token-ttl'], 300),
    drift: !values['no-drift'],
    scenario: values.scenario ?? false,
  });
  console.log(`Simulator: ${simulator.url} (${simulator.locations.length} locations)`);
  console.log(`Control:   ${simulator.url}/control/locations`);
  if (!values.quiet) {
    for (const location of simulator.locations) {
      const line = [
        location.id,
        location.name,
        `shape ${location.shape}`,
        `${simulator.url}${location.endpointPath}`,
      ];
      console.log(`  ${line.join('  ')}  ${credentials(location)}`);
    }
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing the simulator`);
    simulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
