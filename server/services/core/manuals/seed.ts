import type { DB } from '../../../db/open';
import { seedStream } from '../../../db/prng';
import { restampTable } from '../../../db/versions';
import { SEED_IDENTITY_USERS } from '../../../identity/users';
import type { SeedScale } from '../../../db/seedCatalogue';
import { SEED_BASE_DATE } from '../seed';
import { LARGE_VARIANTS, MANUAL_CATEGORY_TREE, SEED_MANUALS, type SeedCategory } from './seedData';

export const MANUAL_COUNTS: Record<SeedScale, number> = { small: SEED_MANUALS.length, large: 2000 };

const STAFF = SEED_IDENTITY_USERS.filter((u) => u.role === 'admin').map((u) => u.name);
const DAY = 86400_000;

/** The category tree and the manuals (each base manual once; at large scale variants up to 2,000). */
export function seedManuals(db: DB, seed: number, scale: SeedScale): void {
  const rng = seedStream(seed, 'manuals');
  const base = new Date(SEED_BASE_DATE - 3 * 365 * DAY).toISOString();
  const insertCategory = db.prepare(
    'INSERT INTO manual_categories (parent_id, name, position, created_at, updated_at) VALUES (@parentId, @name, @position, @at, @at)',
  );
  const idsByPath = new Map<string, number>();
  const addCategories = (nodes: SeedCategory[], parentId: number | null, path: string[]) => {
    nodes.forEach((node, position) => {
      const id = Number(insertCategory.run({ parentId, name: node.name, position, at: base }).lastInsertRowid);
      const own = [...path, node.name];
      idsByPath.set(own.join('/'), id);
      if (node.children) addCategories(node.children, id, own);
    });
  };
  addCategories(MANUAL_CATEGORY_TREE, null, []);

  const insertManual = db.prepare(
    `INSERT INTO manuals (manual_category_id, title, content, impressions_count, created_at, updated_at, created_by, updated_by)
     VALUES (@categoryId, @title, @content, @impressions, @createdAt, @updatedAt, @createdBy, @updatedBy)`,
  );
  for (let i = 0; i < MANUAL_COUNTS[scale]; i++) {
    const manual = SEED_MANUALS[i % SEED_MANUALS.length];
    const round = Math.floor(i / SEED_MANUALS.length);
    const variant = round === 0 ? undefined : LARGE_VARIANTS[(round - 1) % LARGE_VARIANTS.length];
    const title = variant ? `${manual.title}（${variant}${round > LARGE_VARIANTS.length ? ` 第${round}版` : ''}）` : manual.title;
    const content = variant ? `${manual.content}\n\n## ${variant}での補足\n\n${variant}では、上記の手順に加えて担当リーダーへの共有を行ってください。` : manual.content;
    const created = SEED_BASE_DATE - rng.int(30, 3 * 365) * DAY;
    const updated = created + Math.floor(rng.next() * (SEED_BASE_DATE - created));
    const categoryId = idsByPath.get(manual.category.join('/'));
    if (categoryId === undefined) throw new Error(`seed manual in unknown category ${manual.category.join('/')}`);
    insertManual.run({
      categoryId,
      title,
      content,
      impressions: rng.int(0, 400),
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(updated).toISOString(),
      createdBy: rng.pick(STAFF),
      updatedBy: rng.pick(STAFF),
    });
  }
  restampTable(db, 'manual_categories', 'updated_at', base);
  restampTable(db, 'manuals', 'updated_at', new Date(SEED_BASE_DATE).toISOString());
}
