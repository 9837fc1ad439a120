import { z } from 'zod';

/** The envelope (envelope.ts) as a zod schema, for the backend's route schemas and the OpenAPI document. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    succeed: z.boolean(),
    msg: z.string(),
    data: data.nullable(),
  });
}
