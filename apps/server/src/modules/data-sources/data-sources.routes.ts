import multipart from '@fastify/multipart';
import {
  DATA_SOURCE_MESSAGES,
  dataSearchResponseSchema,
  dataSearchSchema,
  dataSourceGetSchema,
  dataSourceListResponseSchema,
  dataSourceResponseSchema,
  dataUploadResponseSchema,
  deleteSchema,
} from '@vaskedrift/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/authenticate';
import { requireLocationAdmin } from '../../plugins/authorize';
import type { DataSourcesService } from './data-sources.service';
import { readMarkdownFiles } from './read-markdown-files';

const tags = ['data'];

/** The upload in a scope of its own: no other route accepts multipart because of it. */
async function uploadRoute(app: FastifyInstance, { data }: { data: DataSourcesService }) {
  await app.register(multipart, { throwFileSizeLimit: true });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/backend/data/upload',
    {
      schema: {
        tags,
        summary:
          'Last opp Markdown-filer (multipart, høyst 10 filer på 1 MB, .md og UTF-8-tekst); alle eller ingen lagres (administrator)',
        consumes: ['multipart/form-data'],
        response: { 200: dataUploadResponseSchema },
      },
    },
    async (request) => {
      const files = await readMarkdownFiles(request);
      const stored = await data.upload(callerOf(request), files);
      return { data: stored, message: DATA_SOURCE_MESSAGES.uploaded(stored.length) };
    },
  );
}

/** Data sources: uploaded Markdown files (docs/domain.md). For admins: the role is checked first. */
export async function dataSourcesRoutes(app: FastifyInstance, { data }: { data: DataSourcesService }) {
  app.addHook('preValidation', requireLocationAdmin);
  await app.register(uploadRoute, { data });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/backend/data/get-all',
    {
      schema: {
        tags,
        summary: 'Alle opplastede Markdown-filer, nyeste først, uten innholdet (administrator)',
        response: { 200: dataSourceListResponseSchema },
      },
    },
    async () => {
      const list = await data.list();
      return { data: list, count: list.length };
    },
  );

  api.post(
    '/backend/data/get',
    {
      schema: {
        tags,
        summary: 'Én opplastet Markdown-fil med innholdet ({id}) (administrator)',
        body: dataSourceGetSchema,
        response: { 200: dataSourceResponseSchema },
      },
    },
    async (request) => ({ data: await data.get(request.body.id) }),
  );

  api.post(
    '/backend/data/search',
    {
      schema: {
        tags,
        summary:
          'Fulltekstsøk (norsk, som et nettsøk: "frase", or, -ord) i opplastede filer; treffene merket i utdraget (administrator)',
        body: dataSearchSchema,
        response: { 200: dataSearchResponseSchema },
      },
    },
    async (request) => {
      const hits = await data.search(request.body.query);
      return { data: hits, count: hits.length };
    },
  );

  api.delete(
    '/backend/data/delete',
    {
      schema: {
        tags,
        summary: 'Slett en opplastet Markdown-fil (administrator; skrives i loggen)',
        body: deleteSchema,
        response: { 200: z.object({ data: z.object({ id: z.uuid() }), message: z.string() }) },
      },
    },
    async (request) => ({
      data: await data.remove(callerOf(request), request.body.id),
      message: DATA_SOURCE_MESSAGES.deleted,
    }),
  );
}
