import { describe, expect, it } from 'vitest';
import { useTestDb } from '../testing/test-db.js';
import { isoDates } from './request-context.js';
import { createRepository } from './repository.js';

const test = useTestDb();

/**
 * A repository's rows, inserts and updates are typed from its table (db/types.ts): `tsc -b`
 * checks this file, so each `@ts-expect-error` fails the build the day its line compiles.
 */
const sizes = createRepository({
  table: 'sizes',
  searchColumns: ['name'],
  sortable: { name: 'name' },
  defaultSort: 'name',
});
const users = createRepository({
  table: 'users',
  searchColumns: ['name'],
  sortable: { name: 'name' },
  defaultSort: 'name',
  toApi: ({ passwordHash: _secret, ...row }) => isoDates(row),
});

describe('typed repositories', () => {
  it('reads and writes the table’s columns with their types', async () => {
    const inserted = await sizes.insert(test.db, { name: 'GG', sortOrder: 5 }, null);
    const sortOrder: number = inserted.sortOrder;
    const updated = await sizes.update(
      test.db,
      inserted.id,
      inserted.version,
      { sortOrder: 6 },
      null,
    );
    const createdAt: Date = updated.createdAt;
    expect({ sortOrder, updated: updated.sortOrder, date: createdAt instanceof Date }).toEqual({
      sortOrder: 5,
      updated: 6,
      date: true,
    });

    const listed = await users.list(test.db, { page: 1, pageSize: 10 });
    const email: string = listed.items[0]!.email;
    const lastLoginAt: string | null = listed.items[0]!.lastLoginAt;
    expect({ email, lastLoginAt, secret: 'passwordHash' in listed.items[0]! }).toEqual({
      email: expect.stringContaining('@'),
      lastLoginAt: null,
      secret: false,
    });
  });

  it('does not compile what the table refuses or does not have', async () => {
    const size = await sizes.insert(test.db, { name: 'PP', sortOrder: 1 }, null);
    const [user] = (await users.list(test.db, { page: 1, pageSize: 1 })).items;
    const answers = await Promise.allSettled([
      // @ts-expect-error A typo: sizes have no `sortOrdr`.
      sizes.insert(test.db, { name: 'P', sortOrdr: 1 }, null),
      // @ts-expect-error `sortOrder` is a number.
      sizes.update(test.db, size.id, size.version, { sortOrder: 'um' }, null),
      // @ts-expect-error Sizes have no e-mail.
      sizes.findRow(test.db, size.id).then((row) => row.email),
      // @ts-expect-error toApi left the password hash out.
      users.findById(test.db, user!.id).then((found) => found.passwordHash),
    ]);
    expect(answers.map((answer) => answer.status === 'fulfilled' && answer.value)).toEqual([
      false,
      false,
      undefined,
      undefined,
    ]);
  });
});
