import { z } from 'zod';
import { API_VERSION } from '../version';

export const HealthSchema = z
  .strictObject({
    status: z.literal('ok').meta({ description: 'The public layer is alive.' }),
    version: z.literal(API_VERSION),
    database: z.strictObject({
      status: z.enum(['up', 'down']),
      kind: z.enum(['pglite', 'postgres']),
      access: z.enum(['read-write', 'read-only']).nullable().meta({
        description: 'read-only: this instance reads the catalog from a replica (or a read-only connection); its accounts go to the primary over a connection of their own when one is configured, else to instances on the primary. null when the database is down.',
      }),
      catalog_version: z.int().min(0).nullable().meta({ description: 'Moves on every catalog import.' }),
    }),
  })
  .meta({ id: 'Health', description: 'Liveness. The database state is for information: the answer is 200 either way.' });

export type Health = z.infer<typeof HealthSchema>;
