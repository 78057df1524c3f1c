import { createRoute, z } from '@hono/zod-openapi';
import { listQuerySchema, type ListDeclaration } from './listEndpoint';
import { commonErrors, idParam, jsonResponse, listHeaders, SECURITY } from './openapi';

/** The GET route of a declared list (paging headers, 304, the common errors). */
export function listRoute<L extends ListDeclaration, T extends z.ZodObject>(list: L, item: T, tags: string[]) {
  return createRoute({
    method: 'get',
    path: list.path,
    summary: list.summary,
    tags,
    security: SECURITY,
    request: { query: listQuerySchema(list) },
    responses: {
      200: { ...jsonResponse(z.array(item.partial()), list.summary), headers: listHeaders },
      304: { description: '変更なし' },
      ...commonErrors,
    },
  });
}

/** GET `{path}/{id}`. */
export function detailRoute<T extends z.ZodType>(path: string, schema: T, summary: string, tags: string[]) {
  return createRoute({
    method: 'get',
    path: `${path}/{id}`,
    summary,
    tags,
    security: SECURITY,
    request: { params: idParam },
    responses: { 200: jsonResponse(schema, summary), 304: { description: '変更なし' }, ...commonErrors },
  });
}
