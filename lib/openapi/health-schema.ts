import { z } from 'zod';
import { API_VERSION } from '../version';

export const HealthSchema = z
  .strictObject({
    status: z.literal('ok').meta({ description: 'The public layer is alive.' }),
    version: z.literal(API_VERSION),
    database: z.strictObject({
      status: z.enum(['up', 'down']),
      kind: z.enum(['pglite', 'postgres']),
      catalog_version: z.int().min(0).nullable().meta({ description: 'Moves on every catalog import.' }),
    }),
  })
  .meta({ id: 'Health', description: 'Liveness. The database state is for information: the answer is 200 either way.' });

export type Health = z.infer<typeof HealthSchema>;
