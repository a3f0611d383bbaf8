import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The string formats zod writes with the pattern it checks them by beside them. */
const FORMATS_WITH_PATTERN = new Set(['uuid', 'date-time', 'email']);

/**
 * Drops the pattern zod writes beside a uuid's, a time's or an e-mail address's `format`, which says the same:
 * the uuid's alone was 404 copies of 130 characters, about a quarter of the document's 340 KB, parsed by the
 * API reference and shown beside every id as a regular expression. Other patterns stay.
 */
function dropFormatPatterns(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropFormatPatterns(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (typeof schema.pattern === 'string' && FORMATS_WITH_PATTERN.has(schema.format as string)) {
    delete schema.pattern;
  }
  for (const value of Object.values(schema)) dropFormatPatterns(value);
}

/** The OpenAPI document, generated from the same zod schemas that validate every route. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vaskedrift API', version, description: 'REST-API for alt nettappen gjør.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Once: the plugin keeps the document it made.
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
      dropFormatPatterns(openapi.paths);
      return openapi;
    },
  });
}

export function openApiRoute(app: FastifyInstance) {
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
